using AsyncCapacity.Cli.Options;
using AsyncCapacity.Report.View;
using AsyncCapacity.Tests.Report;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.View;

/// <summary>The capacity-over-time chart's model: the horizons it marks are the sweep's profiles', its measured line is the lab's
/// curve, and the held load it shows beside it is the curve's most telling one.</summary>
public sealed class CapacityCurveChartTests
{
    [Fact]
    public void The_horizons_marked_are_the_profiles_warm_up_and_window()
    {
        // Act
        var profiles = SweepProfile.All.Select(p => (p.Name, p.WarmupSeconds + p.StepSeconds));

        // Assert
        Assert.Equal(profiles, CapacityCurveChart.ProfileHorizons);
    }

    [Fact]
    public void The_measured_line_passes_through_each_catch_up_and_the_chosen_hold_is_the_heaviest_that_had_to_catch_up()
    {
        // Arrange
        var websocket = Golden(SyntheticSustainedRun.FileName).Experiments.Single(e => e.Name == "websocket");
        var sustained = websocket.Variants[0].Sustained!;

        // Act
        var chart = CapacityCurveChart.Of(websocket, "curve");
        var measured = chart.Datasets.Single(d => d.Label == "sync (blocking): measured");

        // Assert: 70, 140 and 280 clients caught up at 14, 32 and 69 s; 560 still behind at 2 min
        foreach (var hold in sustained.Holds.Where(h => h.CaughtUp))
        {
            Assert.Contains(measured.Points, p => p.X == hold.CaughtUpAt && p.Y == hold.Concurrency);
        }

        Assert.Equal(280, HoldChart.Chosen(sustained)!.Concurrency);
        Assert.Equal(582, HoldChart.Chosen(websocket.Variants[1].Sustained!)!.Concurrency);
        Assert.Equal(["quick: 6 s", "standard: 10 s"], chart.Markers!.Select(m => m.Label));
    }
}
