using System.Globalization;

namespace AsyncCapacity.Report.View;

internal static class ChartColors
{
    public const string Ideal = "#8c959f";
    public const string Sla = "#57606a";
    public const string Queue = "#6e7781";

    public static string WithAlpha(string hex, double alpha)
    {
        var rgb = int.Parse(hex.AsSpan(1), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        return string.Create(CultureInfo.InvariantCulture, $"rgba({(rgb >> 16) & 255}, {(rgb >> 8) & 255}, {rgb & 255}, {alpha})");
    }
}
