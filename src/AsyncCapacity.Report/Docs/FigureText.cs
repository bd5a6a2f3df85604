using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Docs;

/// <summary>What a figure measures, and so how the report writes it: the docs read every number through <see cref="Format"/>, so
/// a p95 of 999.7 ms reads "1 s" in the workshop as on the report's card, and 19.25 req/s "19.3" in both.</summary>
public enum FigureUnit
{
    Count,
    Number,
    Rps,
    Milliseconds,
    Percent,
    Share,
    Megabytes,
    Seconds,
}

public static class FigureText
{
    public static string Of(double value, FigureUnit unit) => unit switch
    {
        FigureUnit.Count => Format.Count(value),
        FigureUnit.Number => Format.Number(value),
        FigureUnit.Rps => Format.Rps(value),
        FigureUnit.Milliseconds => Format.Duration(value),
        FigureUnit.Percent => Format.Percent(value),
        FigureUnit.Share => Format.Fraction(value),
        FigureUnit.Megabytes => $"{Format.Count(value)} MB",
        FigureUnit.Seconds => Format.Seconds(value),
        _ => throw new ArgumentOutOfRangeException(nameof(unit), unit, null),
    };

    /// <summary>"3–5 ms", "14%", "800 µs–1.2 ms": the unit once where both ends share it; one figure where both read the same.</summary>
    public static string Range(string low, string high)
    {
        if (low == high)
        {
            return low;
        }

        var (lowFigure, lowUnit) = Split(low);
        var (highFigure, highUnit) = Split(high);
        return lowUnit == highUnit ? $"{lowFigure}–{highFigure}{highUnit}" : $"{low}–{high}";
    }

    /// <summary>"1.2" and " ms": the figure, and its unit with the space before it (none before "%").</summary>
    private static (string Figure, string Unit) Split(string text)
    {
        var end = text.Length;
        while (end > 0 && !char.IsAsciiDigit(text[end - 1]))
        {
            end--;
        }

        return (text[..end], text[end..]);
    }
}
