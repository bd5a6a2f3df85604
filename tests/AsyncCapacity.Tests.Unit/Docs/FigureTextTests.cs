using AsyncCapacity.Report.Docs;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Docs;

/// <summary>A figure in the docs reads as the report writes it: one rounding (half up), one unit per magnitude.</summary>
public sealed class FigureTextTests
{
    [Theory]
    [InlineData(19.25, FigureUnit.Rps, "19.3")]
    [InlineData(752.5, FigureUnit.Rps, "753")]
    [InlineData(999.7, FigureUnit.Milliseconds, "1 s")]
    [InlineData(5.4, FigureUnit.Milliseconds, "5.4 ms")]
    [InlineData(0.074, FigureUnit.Milliseconds, "74 µs")]
    [InlineData(150, FigureUnit.Seconds, "2.5 min")]
    [InlineData(0.14, FigureUnit.Share, "14%")]
    [InlineData(5349.4, FigureUnit.Megabytes, "5,349 MB")]
    [InlineData(0.5, FigureUnit.Number, "0.5")]
    [InlineData(10_000, FigureUnit.Count, "10,000")]
    public void A_figure_reads_as_the_report_writes_it(double value, FigureUnit unit, string expected)
    {
        // Assert
        Assert.Equal(expected, FigureText.Of(value, unit));
        Assert.Equal(unit switch
        {
            FigureUnit.Rps => Format.Rps(value),
            FigureUnit.Milliseconds => Format.Duration(value),
            FigureUnit.Seconds => Format.Seconds(value),
            FigureUnit.Share => Format.Fraction(value),
            FigureUnit.Megabytes => $"{Format.Count(value)} MB",
            FigureUnit.Number => Format.Number(value),
            _ => Format.Count(value),
        }, FigureText.Of(value, unit));
    }

    [Theory]
    [InlineData("3 ms", "5 ms", "3–5 ms")]
    [InlineData("3%", "14%", "3–14%")]
    [InlineData("800 µs", "1.2 ms", "800 µs–1.2 ms")]
    [InlineData("73.8", "99.3", "73.8–99.3")]
    [InlineData("1 s", "1 s", "1 s")]
    public void A_range_gives_its_unit_once_where_both_ends_share_it(string low, string high, string expected)
    {
        // Assert
        Assert.Equal(expected, FigureText.Range(low, high));
    }

    [Theory]
    [InlineData(3.54, "3.5")]
    [InlineData(1.25, "1.3")]
    [InlineData(9.96, "10")]
    [InlineData(14.5, "15")]
    public void A_ratio_has_a_tenth_below_ten_and_none_above(double ratio, string expected)
    {
        // Assert
        Assert.Equal(expected, Format.Ratio(ratio));
    }
}
