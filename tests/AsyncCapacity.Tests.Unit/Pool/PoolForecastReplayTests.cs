using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Docs;

namespace AsyncCapacity.Tests.Pool;

/// <summary>
/// The simulated pool against the held loads recorded in docs/workshop/runs (2 cores, 2026-11-27): where the pool grows by
/// cooperative blocking (ShapesApp's GetResult and Task.Run; the WebSocket echo's, whose messages take seconds to simulate, is in
/// the findings' table), each catch-up lies in the band the
/// runs give or within 25% of its median, and the pool's threads inside it (±1 s, the reader's instant) for most seconds. Where
/// it grows by starvation and hill climbing alone (Thread.Sleep, a sync socket read), the simulation still catches up sooner
/// than the runs did: docs/findings.md, "The pool's growth, simulated", gives the table; this test keeps the part that holds.
/// </summary>
public sealed class PoolForecastReplayTests
{
    [Theory]
    [InlineData("horizon-shapes.json", "stock", "get-result", 62)]
    [InlineData("horizon-shapes.json", "stock", "get-result", 194)]
    [InlineData("horizon-shapes.json", "stock", "task-run", 252)]
    public void A_cooperative_blocking_held_load_caught_up_where_the_simulated_band_says(string run, string experiment, string name, int load)
    {
        // Arrange
        var document = Predictions.Attach(RecordedRun.Read(Path.Combine(WorkshopPages.Runs, run)));
        var found = document.Experiments.Single(e => e.Name == experiment);
        var variant = found.Variants.Single(v => v.Name == name);
        var held = variant.Sustained!.Holds.Single(h => h.Concurrency == load);
        var facts = PoolFactsReader.Of(found, variant, document.Run)!;

        // Act
        var band = PoolForecast.Of(PoolForecast.ShapeOf(facts, load), new HoldTerms(load, found.Sla, facts.Sessions),
            (int)variant.Sustained.HorizonSeconds, runs: 5);
        var check = BandCheck.Of(held, band);

        // Assert
        Assert.Equal(PoolInjection.CooperativeBlocking, facts.By);
        Assert.True(check.CatchUpHolds, $"caught up at {held.CaughtUpAt} s; the band {band.CatchUp}");
        Assert.True(check.Coverage >= 0.5, $"{check.Coverage:P0} of {check.Seconds} s inside the band");
    }

    [Fact]
    public void Lab_3s_hundred_sleeping_clients_are_never_caught_up_with_and_a_pool_pre_grown_to_them_from_the_first_second()
    {
        // Arrange: the same 100 clients held on Thread.Sleep(500), as lab 3 recorded them, cold and with --min-threads 100
        var cold = Check("lab3-sleep-held.json");
        var grown = Check("lab3-sleep-held-min100.json");

        // Assert
        Assert.Null(cold.MeasuredAt);
        Assert.True(cold.CatchUpHolds, $"the band {cold.Forecast}");
        Assert.Equal(0, grown.MeasuredAt);
        Assert.True(grown.Holds, $"the band {grown.Forecast}, {grown.Coverage:P0} inside");
    }

    /// <summary>docs/findings.md renders its table from a recorded check rather than simulating on every check of the docs: the
    /// simulation is seeded, so a record that is still the code's reads the same when simulated again. Its quick rows (the
    /// starved pools', with few completions to simulate) are simulated again here.</summary>
    [Fact]
    public void The_recorded_check_the_findings_render_is_what_the_simulation_gives_today()
    {
        // Arrange
        var record = ForecastChecks.FromJson(File.ReadAllText(Path.Combine(WorkshopPages.Runs, "forecasts", "check.json")));
        var quick = record.Holds.Where(h => h.Experiment is "sleep" or "connections" or "audit" && h.Check.Load <= 100).ToList();

        // Act
        var again = quick.Select(h => h with { Check = CheckOf(h.Run + ".json", h.Experiment, h.Variant, h.Check.Load, record.Runs) });

        // Assert
        Assert.True(quick.Count >= 8, $"only {quick.Count} quick rows in the record");
        Assert.Equal(quick, again);
    }

    private static BandCheck CheckOf(string run, string experiment, string name, int load, int runs)
    {
        var document = Predictions.Attach(RecordedRun.Read(Path.Combine(WorkshopPages.Runs, run)));
        var found = document.Experiments.Single(e => e.Name == experiment);
        var variant = found.Variants.Single(v => v.Name == name);
        var held = variant.Sustained!.Holds.Single(h => h.Concurrency == load);
        var facts = PoolFactsReader.Of(found, variant, document.Run)!;
        var shape = PoolForecast.ShapeOf(facts, load, document.Run.Settings.MinWorkerThreads);
        var band = PoolForecast.Of(shape, new HoldTerms(load, found.Sla, facts.Sessions), (int)Math.Ceiling(variant.Sustained.HorizonSeconds),
            runs);
        return BandCheck.Of(held, band);
    }

    private static BandCheck Check(string run)
    {
        var document = Predictions.Attach(RecordedRun.Read(Path.Combine(WorkshopPages.Runs, run)));
        var experiment = document.Experiments.Single();
        var variant = experiment.Variants.Single(v => v.Sustained is not null && v.Blocking);
        var held = variant.Sustained!.Holds.Single();
        var facts = PoolFactsReader.Of(experiment, variant, document.Run)!;
        var shape = PoolForecast.ShapeOf(facts, held.Concurrency, document.Run.Settings.MinWorkerThreads);
        var band = PoolForecast.Of(shape, new HoldTerms(held.Concurrency, experiment.Sla, facts.Sessions),
            (int)variant.Sustained.HorizonSeconds, runs: 5);
        return BandCheck.Of(held, band);
    }
}
