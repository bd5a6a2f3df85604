using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// One colour per variant, the same in cards, tables and every chart: blocking variants take the warm colours,
/// the others the cool ones, in order of appearance within their experiment. The colours live in report.css
/// (<c>--blocking-0</c>…, <c>--async-0</c>…); report.js applies this same rule in <c>variantColor</c>.
/// </summary>
internal static class VariantPalette
{
    private const int ColoursPerKind = 3;

    public static string CssClass(IReadOnlyList<VariantResult> variants, int index)
    {
        var variant = variants[index];
        var sameKindBefore = variants.Take(index).Count(v => v.Blocking == variant.Blocking);
        var kind = variant.Blocking ? "blocking" : "async";
        return $"variant variant-{kind}-{sameKindBefore % ColoursPerKind}";
    }
}
