using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Docs;

namespace AsyncCapacity.Tests.Docs;

/// <summary>The forecast-vs-measured table docs/findings.md renders from a recorded `capacity forecast --check`.</summary>
public sealed class ForecastTableTests
{
    private static readonly ForecastChecks Recorded = new(10,
    [
        new CheckedHold("horizon-five", "websocket", "sync", 120, new BandCheck(70, 23, 0.85, 14, new CatchUpBand(10, 10, 14, 14.2, 14.5))),
        new CheckedHold("horizon-five", "sleep", "sync", 120, new BandCheck(8, 119, 0.076, null, new CatchUpBand(10, 9, 24.6, 28, 32.3))),
        new CheckedHold("lab3-sleep-held", "sleep", "sync", 120, new BandCheck(100, 119, 0.9, null, new CatchUpBand(10, 0, null, null, null))),
    ])
    {
        Command = "capacity forecast --check runs/horizon-five.json --runs 10",
        On = new DateOnly(2026, 11, 29),
    };

    [Fact]
    public void Each_held_load_reads_its_catch_up_beside_the_band_and_a_miss_says_so()
    {
        // Act
        var table = ForecastTable.Of(Recorded);

        // Assert
        Assert.StartsWith("Recorded 2026-11-29: `capacity forecast --check runs/horizon-five.json --runs 10`.\n\n", table,
            StringComparison.Ordinal);
        Assert.Contains("| horizon-five | websocket sync | 70 | at 14 s | at 14 s–14.5 s in 10 of 10 simulated runs | 85% of 23 s |", table, StringComparison.Ordinal);
        Assert.Contains("| horizon-five | sleep sync | 8 | never within 2 min | at 24.6 s–32.3 s in 9 of 10 simulated runs (missed) "
            + "| 7.6% of 119 s |", table, StringComparison.Ordinal);
        Assert.Contains("| lab3-sleep-held | sleep sync | 100 | never within 2 min | never within 2 min in 10 of 10 simulated runs | 90% of 119 s |", table,
            StringComparison.Ordinal);
        Assert.Contains("2 of 3 held loads hold", table, StringComparison.Ordinal);
    }

    [Fact]
    public void The_record_reads_back_as_it_was_written()
    {
        // Act
        var read = ForecastChecks.FromJson(Recorded.ToJson());

        // Assert
        Assert.Equal(Recorded.Command, read.Command);
        Assert.Equal(Recorded.On, read.On);
        Assert.Equal(Recorded.Holds, read.Holds);
        Assert.DoesNotContain("catchUpHolds", Recorded.ToJson(), StringComparison.Ordinal);
    }
}
