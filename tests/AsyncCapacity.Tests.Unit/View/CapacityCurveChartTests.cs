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

    [Fact]
    public void The_held_loads_chart_sets_the_measured_threads_against_the_band_the_runtimes_rules_give_them()
    {
        // Arrange: the blocked echo's 280 sessions, caught up by cooperative blocking
        var run = Golden(SyntheticSustainedRun.FileName);
        var websocket = run.Experiments.Single(e => e.Name == "websocket");

        // Act
        var chart = HoldChart.Of(websocket, 0, "hold", run.Run)!;

        // Assert: the 10th percentile, then the 90th filled down to it, on the threads' axis, a point a second
        var low = Assert.Single(chart.Datasets, d => d.Label == "simulated threads, 10th percentile");
        var high = Assert.Single(chart.Datasets, d => d.Label == "simulated threads (10th–90th percentile)");
        Assert.Equal(chart.Datasets.ToList().IndexOf(low) + 1, chart.Datasets.ToList().IndexOf(high));
        Assert.Equal(("y1", "-1"), (high.Axis, high.FillTo));
        Assert.NotNull(high.Fill);
        Assert.All(low.Points.Zip(high.Points), p => Assert.True(p.First.Y <= p.Second.Y, $"at {p.First.X} s"));
        var measured = chart.Datasets.Single(d => d.Label == "pool threads").Points;
        Assert.Equal(measured[^1].X, high.Points[^1].X);
        Assert.True(chart.Axes["y1"].Max >= high.Points.Max(p => p.Y), "the band runs off the threads' axis");
    }

    [Fact]
    public void A_run_recorded_before_the_simulation_draws_no_band()
    {
        // Arrange: the same run with its forecasts as the injection laws alone made them
        var run = Golden(SyntheticSustainedRun.FileName);
        var websocket = run.Experiments.Single(e => e.Name == "websocket");
        var old = websocket with
        {
            Variants = [.. websocket.Variants.Select(v => v.Sustained is not { } s ? v : v with
            {
                Sustained = s with { Holds = [.. s.Holds.Select(h => h with { Forecast = h.Forecast is { } f ? f with { Simulated = null } : null })] },
            })],
        };

        // Act
        var chart = HoldChart.Of(old, 0, "hold", run.Run)!;

        // Assert
        Assert.DoesNotContain(chart.Datasets, d => d.Label.StartsWith("simulated", StringComparison.Ordinal));
    }
}
