using System.Globalization;
using AsyncCapacity.Web.Diagnostics;

namespace AsyncCapacity.Tests.Web;

/// <summary>The header written by integer arithmetic reads as the format string "0.###" wrote it before (k6 and the report
/// parse it), for every duration but the ones exactly half a microsecond apart, which it rounds up.</summary>
public sealed class ServerTimingValueTests
{
    [Theory]
    [InlineData(0L, "app;dur=0")]
    [InlineData(4L, "app;dur=0")]
    [InlineData(5L, "app;dur=0.001")]
    [InlineData(1_000L, "app;dur=0.1")]
    [InlineData(1_230L, "app;dur=0.123")]
    [InlineData(10_000L, "app;dur=1")]
    [InlineData(15_000L, "app;dur=1.5")]
    [InlineData(12_340L, "app;dur=1.234")]
    [InlineData(5_000_040L, "app;dur=500.004")]
    [InlineData(864_000_000_000L, "app;dur=86400000")]
    [InlineData(-20L, "app;dur=0")]
    public void A_duration_is_written_in_milliseconds_with_up_to_three_decimals(long ticks, string expected) =>
        Assert.Equal(expected, ServerTimingValue.Of(TimeSpan.FromTicks(ticks)));

    [Fact]
    public void Every_duration_off_the_half_microsecond_reads_as_the_format_string_wrote_it()
    {
        // Arrange: sub-millisecond to minutes, as /hello and the slowest sleeps answer
        var random = new Random(45);
        var ticks = Enumerable.Range(0, 20_000).Select(i => (long)Math.Pow(10, random.NextDouble() * 9)).Where(t => t % 10 != 5);

        foreach (var tick in ticks)
        {
            // Act
            var written = ServerTimingValue.Of(TimeSpan.FromTicks(tick));

            // Assert
            var formatted = string.Create(CultureInfo.InvariantCulture, $"app;dur={TimeSpan.FromTicks(tick).TotalMilliseconds:0.###}");
            Assert.Equal(formatted, written);
        }
    }
}
