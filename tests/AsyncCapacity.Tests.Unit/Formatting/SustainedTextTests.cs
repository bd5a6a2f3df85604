using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Report;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Formatting;

/// <summary>A variant's capacity over time in the words the card and the CLI lead with, read off the synthetic sustained run:
/// the knee at its horizon, half a minute, the heaviest load caught up with and its cost, the load never caught up with and why;
/// an awaiting variant flat from the first second; each held load beside its forecast, naming the assumption that broke.</summary>
public sealed class SustainedTextTests
{
    private static readonly ResultsDocument Run = Golden(SyntheticSustainedRun.FileName);

    [Theory]
    [InlineData("sleep", "sync", "3 clients within 6 s of a burst, about 17 after 30 s, 44 after 70 s at a thread each (46 threads, "
        + "68 MB); 478 never within 2 min: the pool was still growing at 0.7 threads/s (85 of the 478 threads it needs), 9.4 min more")]
    [InlineData("sleep", "async", "≥ 3,352 clients from the first second with 6 threads (63 MB)")]
    [InlineData("websocket", "sync", "35 clients within 6 s of a burst, about 132 after 30 s, 280 after 69 s at a thread each (283 "
        + "threads, 175 MB); 560 never within 2 min: the pool was still growing at 3.8 threads/s (472 of the 561 threads it needs), "
        + "23 s more")]
    [InlineData("websocket", "async", "≥ 582 clients from the first second with 6 threads (98 MB)")]
    public void The_headline_leads_with_the_curve(string experiment, string variant, string expected)
    {
        // Arrange
        var (e, v) = Variant(experiment, variant);

        // Act
        var headline = SustainedText.Headline(e, v);

        // Assert
        Assert.Equal(expected, headline);
    }

    [Fact]
    public void Each_hold_stands_beside_its_forecast_and_a_miss_names_the_broken_assumption()
    {
        // Arrange
        var (sleep, sync) = Variant("sleep", "sync");
        var (websocket, echo) = Variant("websocket", "sync");

        // Act
        var lines = sync.Sustained!.Holds.Select(h => ForecastText.Hold(h, sync.Sustained, sleep.Model))
            .Concat(echo.Sustained!.Holds.Select(h => ForecastText.Hold(h, echo.Sustained, websocket.Model))).ToList();

        // Assert
        Assert.Equal(
        [
            "4 clients: caught up at 9 s, forecast at 19 s–22 s in 10 of 10 simulated runs (−56% of the median): the pool grew "
                + "faster (0.44 threads/s) than the runtime's rules grew it in the simulation.",
            "44 clients: caught up at 70 s, forecast at 101 s–109.6 s in 5 of 10 simulated runs: the pool grew faster (0.63 "
                + "threads/s) than the runtime's rules grew it in the simulation.",
            "478 clients: not caught up within 2 min, forecast never within 2 min in 10 of 10 simulated runs.",
            "70 clients: caught up at 14 s, forecast at 14 s–17.2 s in 10 of 10 simulated runs (0% of the median), as forecast.",
            "140 clients: caught up at 32 s, forecast at 31 s–38.9 s in 10 of 10 simulated runs (−15% of the median), as forecast.",
            "280 clients: caught up at 69 s, forecast at 76.9 s–81 s in 10 of 10 simulated runs (−13% of the median), as forecast.",
            "560 clients: not caught up within 2 min, forecast never within 2 min in 10 of 10 simulated runs.",
        ], lines);
    }

    [Theory]
    [InlineData(ForecastMissKind.GrewFaster, "the pool grew faster (5.2 threads/s) than cooperative blocking allows")]
    [InlineData(ForecastMissKind.GrewSlower,
        "the pool grew slower (5.2 threads/s) than cooperative blocking's delays allow (memory pressure or a busy CPU turns it off)")]
    [InlineData(ForecastMissKind.OtherThreadsNeeded, "it caught up with 90 threads where the forecast counted 71")]
    [InlineData(ForecastMissKind.ServedLater,
        "the pool held the 71 threads by 15 s, yet the load was met later: something beside the pool held it back")]
    [InlineData(ForecastMissKind.CapHigher,
        "it caught up beyond the cap the laws counted (the connection pool): the resource allowed more than its units say")]
    public void Every_broken_assumption_is_said_with_its_figures(ForecastMissKind kind, string expected)
    {
        // Arrange
        var forecast = new CatchUpForecast(PoolInjection.CooperativeBlocking, 71, 14.6) { Ceiling = ResourceKind.DbConnections };

        // Act
        var text = ForecastText.Broke(new ForecastMiss(kind, 5.2, 90, 15), forecast);

        // Assert
        Assert.Equal(expected, text);
    }

    [Fact]
    public void A_pre_grown_pool_says_it_flattens_the_curve()
    {
        // Arrange
        var raised = Run with { Run = Run.Run with { Settings = Run.Run.Settings with { MinWorkerThreads = 200 } } };
        var (_, sync) = Variant("sleep", "sync");

        // Act
        var preGrown = SustainedText.PreGrown(raised.Run, sync);

        // Assert
        Assert.Equal("The pool started pre-grown at 200 threads (--min-threads), not 2: threads up to that many need no injecting, "
            + "which flattens the curve up to the load they serve, at their memory's cost.", preGrown);
        Assert.Null(SustainedText.PreGrown(Run.Run, sync));
    }

    [Fact]
    public void The_end_of_a_sweep_prints_each_variants_curve_after_the_verdict()
    {
        // Act
        var lines = EndOfSweepText.Lines(Run.Experiments[0], Run.Run).ToList();

        // Assert
        Assert.StartsWith("sleep: Within the SLA (p95 ≤ 1 s, errors ≤ 1%) 6 s into a burst on a cold app, ", lines[0],
            StringComparison.Ordinal);
        Assert.Equal($"    sync over time: {SustainedText.Headline(Run.Experiments[0], Run.Experiments[0].Variants[0])}.", lines[1]);
        Assert.Equal("    async over time: ≥ 3,352 clients from the first second with 6 threads (63 MB).", lines[2]);
    }

    [Fact]
    public void A_variant_with_no_knee_and_no_load_caught_up_begins_with_the_burst_it_missed()
    {
        // Arrange: lab 1's ab -c 100 clients (the Thread.Sleep post's table), every short probe missed (--search off --steps 100), the one hold never caught up
        var (sleep, sync) = Variant("sleep", "sync");
        var never = sync.Sustained!.Holds.Single(h => h.Concurrency == 478);
        var alone = sync with { Capacity = null, Sustained = sync.Sustained with { Holds = [never], Curve = [] } };

        // Act
        var headline = SustainedText.Headline(sleep, alone);

        // Assert
        Assert.StartsWith("no load tried met the SLA within 6 s of a burst; 478 never within 2 min: the pool was still growing",
            headline, StringComparison.Ordinal);
    }

    private static (ExperimentResult Experiment, VariantResult Variant) Variant(string experiment, string variant)
    {
        var e = Run.Experiments.Single(x => x.Name == experiment);
        return (e, e.Variants.Single(v => v.Name == variant));
    }
}
