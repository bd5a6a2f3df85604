using System.Globalization;
using System.Text;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.View;

/// <summary>One list of colours for the page's CSS and the charts, so that a variant has one colour everywhere.</summary>
internal static class VariantPalette
{
    private static readonly string[] Warm = ["#d9480f", "#c2255c", "#e67700"];
    private static readonly string[] Cool = ["#1971c2", "#2f9e44", "#7048e8"];

    public static VariantColor Of(IReadOnlyList<VariantResult> variants, int index)
    {
        var variant = variants[index];
        var sameKindBefore = variants.Take(index).Count(v => v.Blocking == variant.Blocking);
        var (kind, colors) = variant.Blocking ? ("blocking", Warm) : ("async", Cool);
        var slot = sameKindBefore % colors.Length;
        return new VariantColor($"variant variant-{kind}-{slot}", colors[slot]);
    }

    public static string CssProperties()
    {
        var css = new StringBuilder(":root {");
        var kinds = new[] { ("blocking", Warm), ("async", Cool) };
        foreach (var (kind, colors) in kinds)
        {
            for (var i = 0; i < colors.Length; i++)
            {
                css.Append(CultureInfo.InvariantCulture, $" --{kind}-{i}: {colors[i]};");
            }
        }

        css.Append(CultureInfo.InvariantCulture, $" --ideal: {ChartColors.Ideal}; --sla: {ChartColors.Sla}; ")
            .Append(CultureInfo.InvariantCulture, $"--queue: {ChartColors.Queue}; }}\n");
        foreach (var (kind, colors) in kinds)
        {
            for (var i = 0; i < colors.Length; i++)
            {
                css.Append(CultureInfo.InvariantCulture, $".variant-{kind}-{i} {{ --variant: var(--{kind}-{i}); }}\n");
            }
        }

        return css.ToString();
    }
}

/// <summary>The class sets <c>--variant</c> in the page; the colour is for the charts.</summary>
internal sealed record VariantColor(string CssClass, string Color);
