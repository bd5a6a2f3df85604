using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The one formatter every printed number goes through (the page, its charts' ticks and tooltips, the verdict, the CLI's
/// progress line): each value reads in the unit and with the digits a person would say.
/// </summary>
public sealed class FormatTests
{
    [Theory]
    [InlineData(0.0094, "9.4 µs")]
    [InlineData(0.006, "6 µs")]
    [InlineData(0.15, "150 µs")]
    [InlineData(0.175, "175 µs")]
    [InlineData(0.9994, "999 µs")]
    [InlineData(0.9996, "1 ms")]
    [InlineData(4.24, "4.2 ms")]
    [InlineData(9.97, "10 ms")]
    [InlineData(512.4, "512 ms")]
    [InlineData(999.7, "1 s")]
    [InlineData(6240.0, "6.2 s")]
    [InlineData(9530.0, "9.5 s")]
    [InlineData(38200.0, "38 s")]
    [InlineData(null, "–")]
    [InlineData(double.NaN, "–")]
    public void Durations_read_in_the_unit_a_person_would_say(double? milliseconds, string expected) =>
        Assert.Equal(expected, Format.Duration(milliseconds));

    [Theory]
    [InlineData(2.0, "2.0")]
    [InlineData(4.25, "4.25")]
    [InlineData(54.63, "54.6")]
    [InlineData(793.55, "794")]
    [InlineData(1618.33, "1,618")]
    [InlineData(null, "–")]
    public void Rates_keep_the_digits_that_carry_meaning(double? rps, string expected) =>
        Assert.Equal(expected, Format.Rps(rps));

    [Theory]
    [InlineData(0.0, "0%")]
    [InlineData(0.25, "0.25%")]
    [InlineData(2.64, "2.6%")]
    [InlineData(26.4, "26%")]
    [InlineData(null, "–")]
    public void Percentages_read_with_fewer_decimals_as_they_grow(double? percent, string expected) =>
        Assert.Equal(expected, Format.Percent(percent));

    [Theory]
    [InlineData(0.01, "1%")]
    [InlineData(0.005, "0.5%")]
    public void A_fraction_reads_as_a_percentage(double fraction, string expected) =>
        Assert.Equal(expected, Format.Fraction(fraction));

    [Theory]
    [InlineData(94.0, "94")]
    [InlineData(1204.4, "1,204")]
    [InlineData(null, "–")]
    public void Counts_are_whole_with_thousands_separators(double? count, string expected) =>
        Assert.Equal(expected, Format.Count(count));

    [Theory]
    [InlineData(1, "1 client", "1 concurrent client")]
    [InlineData(1000, "1,000 clients", "1,000 concurrent clients")]
    public void Clients_are_counted_in_the_singular_or_the_plural(int count, string clients, string concurrent)
    {
        Assert.Equal(clients, Format.Clients(count));
        Assert.Equal(concurrent, Format.ConcurrentClients(count));
    }
}
