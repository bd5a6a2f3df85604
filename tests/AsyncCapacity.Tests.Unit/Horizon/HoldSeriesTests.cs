using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>A held load's seconds: k6's counts joined with the runtime reader's last sample in each second.</summary>
public sealed class HoldSeriesTests
{
    private const long Start = 1_795_789_543_730;

    [Fact]
    public void Each_second_takes_the_readers_last_sample_within_it()
    {
        // Arrange: samples at 0.4 s and 0.9 s into second 0, none in second 1, one in second 2
        IReadOnlyList<RuntimeSample> timeline =
        [
            Sample(Start + 400, 3), Sample(Start + 900, 4), Sample(Start + 2_100, 7),
        ];
        IReadOnlyList<CountedSecond> counted = [new(0, 4, 0, 900), new(1, 8, 0, 1400), new(2, 20, 1, 503)];

        // Act
        var seconds = HoldSeries.Of(counted, timeline, Start, completeSeconds: 3);

        // Assert
        Assert.Equal([4, null, 7], seconds.Select(s => s.PoolThreads));
        Assert.Equal([4L, 8L, 20L], seconds.Select(s => s.Requests));
        Assert.Equal(12.0, seconds[2].WorkingSetMb);
        Assert.Equal(1, seconds[2].Failed);
    }

    [Fact]
    public void A_second_cut_short_by_the_holds_end_is_left_out()
    {
        // Arrange: k6 stopped 2.4 s in; its third second holds the answers of 0.4 s only
        IReadOnlyList<CountedSecond> counted = [new(0, 20, 0, 503), new(1, 20, 0, 503), new(2, 6, 0, 503)];

        // Act & Assert
        Assert.Equal([0, 1], HoldSeries.Of(counted, [], Start, completeSeconds: 2).Select(s => s.Second));
    }

    [Fact]
    public void A_sessions_failures_carry_over()
    {
        // Act
        var second = HoldSeries.Held(new CountedSecond(5, 300, 0, 2, SessionsFailed: 2, SessionsDropped: 1));

        // Assert
        Assert.Equal((2L, 1L), (second.SessionsFailed!.Value, second.SessionsDropped!.Value));
    }

    private static RuntimeSample Sample(long at, int threads) => new(at, threads, 0, 0, 0, 5, 12 * 1048576L, 0);
}
