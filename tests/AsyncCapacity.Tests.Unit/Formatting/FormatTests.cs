using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Formatting;

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
        Assert.Equal(clients, LoadModel.Closed.Load(count));
        Assert.Equal(concurrent, LoadModel.Closed.ConcurrentLoad(count));
        Assert.Equal($"{count:#,0} req/s offered", LoadModel.Open.Load(count));
    }

    [Theory]
    [InlineData(1024.0, 1000.0, "1,024 ms")]     // "1 s" would hide why it missed a 1 s SLA
    [InlineData(1000.4, 1000, "1,000.4 ms")]
    [InlineData(999.6, 1000, "999.6 ms")]
    [InlineData(1000.0, 1000.0, "1 s")]           // on the limit: met, and it reads as the limit
    [InlineData(1100.0, 1000.0, "1.1 s")]         // far enough to read in seconds
    [InlineData(6530.0, 1000.0, "6.5 s")]
    [InlineData(null, 1000, "–")]
    public void A_figure_near_its_limit_shows_enough_digits_to_see_which_side_it_is(double? value, double limit, string expected) =>
        Assert.Equal(expected, Format.Against(value, limit));

    [Theory]
    [InlineData(0.0, 1.0, "< 1 ms")]      // a round trip at Date.now()'s resolution never reads "0 µs"
    [InlineData(0.4, 1, "< 1 ms")]
    [InlineData(2.7, 1, "3 ms")]
    [InlineData(154.2, 1, "154 ms")]
    [InlineData(0.15, 0, "150 µs")]   // a fine clock keeps its digits
    [InlineData(null, 1, "–")]
    public void A_latency_reads_in_the_resolution_it_was_measured_with(double? value, double resolution, string expected) =>
        Assert.Equal(expected, Format.Latency(value, resolution));
}
