using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Report;

namespace AsyncCapacity.Tests.Analysis;

public sealed class CapacityAnalysisTests
{
    private static readonly Sla Sla = new(1000, 0.01);

    /// <summary>Each case: steps as (concurrency, requests in 10 s, failed, p95) and the capacity expected.</summary>
    public static TheoryData<string, (int Concurrency, long Requests, long Failed, double P95)[], int?, double?> Cases => new()
    {
        { "no step meets the SLA", [(1, 10, 0, 1500), (10, 40, 0, 4000), (50, 40, 0, 9000)], null, null },
        { "all steps meet it", [(1, 20, 0, 505), (10, 200, 0, 510), (50, 1000, 0, 520)], 50, 100 },
        { "a single step that meets it", [(100, 2000, 0, 600)], 100, 200 },
        { "a single step that misses it", [(100, 500, 0, 6000)], null, null },
        { "no request completed", [(1, 0, 0, 0)], null, null },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Without_a_search_a_grid_that_never_brackets_its_knee_gives_a_lower_bound_or_none(
        string scenario, (int Concurrency, long Requests, long Failed, double P95)[] steps, int? concurrency, double? rps)
    {
        // Arrange
        var results = steps.Select(s => StepAnalysis.Analyse(
            StepFactory.Run("v", s.Concurrency, s.Requests, s.Failed, s.P95), StepFactory.Terms(Sla))).ToList();

        // Act
        var (capacity, _) = CapacityAnalysis.Of(results, Sla);

        // Assert
        Assert.True(concurrency == capacity?.Concurrency && rps == capacity?.Rps, $"{scenario}: {capacity}");
    }

    public static TheoryData<string, (int Concurrency, long Requests, long Failed, double P95)[], int, int> Bracketed => new()
    {
        // Errors decide the miss at 10: the knee lies somewhere between 1 and 10, and the interval says so.
        { "errors only, fast answers", [(1, 20, 0, 5), (10, 200, 100, 5), (50, 1000, 900, 5)], 1, 9 },
        // A pass above a miss counts too: every judged probe is a launch, and the knee is where half of them meet.
        { "a pass above a miss", [(1, 20, 0, 505), (10, 60, 0, 1500), (50, 1000, 0, 900)], 1, 99 },
    };

    [Theory]
    [MemberData(nameof(Bracketed))]
    public void Without_a_search_a_grid_that_brackets_its_knee_is_estimated_from_every_step(
        string scenario, (int Concurrency, long Requests, long Failed, double P95)[] steps, int low, int high)
    {
        // Arrange
        var results = steps.Select(s => StepAnalysis.Analyse(
            StepFactory.Run("v", s.Concurrency, s.Requests, s.Failed, s.P95), StepFactory.Terms(Sla))).ToList();

        // Act
        var (capacity, _) = CapacityAnalysis.Of(results, Sla);

        // Assert
        var estimate = capacity!.Estimate!;
        Assert.True(estimate.LowLoad >= low && estimate.HighLoad <= high && estimate.HighLoad > estimate.LowLoad,
            $"{scenario}: {estimate}");
        Assert.InRange(capacity.Concurrency, estimate.LowLoad, estimate.HighLoad);
        Assert.False(capacity.Narrowed);
    }

    [Fact]
    public void The_verdict_names_both_capacities_in_numbers_best_first()
    {
        // Arrange
        var experiment = Build(
            StepFactory.Run("sync", 1, 20, p95: 505), StepFactory.Run("sync", 10, 48, p95: 2900),
            StepFactory.Run("sync", 50, 90, p95: 6500),
            StepFactory.Run("async", 1, 20, p95: 505), StepFactory.Run("async", 10, 200, p95: 510),
            StepFactory.Run("async", 50, 1000, p95: 520));

        // Act
        var verdict = VerdictText.Of(experiment);

        // Assert: sync met at 1 and missed at 10: its knee lies between, its throughput there read between the two
        var async = experiment.Variants.Single(v => v.Name == "async").Capacity!;
        var sync = experiment.Variants.Single(v => v.Name == "sync").Capacity!;
        Assert.StartsWith(
            "Within the SLA (p95 ≤ 1 s, errors ≤ 1%), async met it up to ≥ 50 concurrent clients at 100 req/s "
            + $"(a lower bound: the highest step tested); sync up to {sync.Concurrency} at {Format.Rps(sync.Rps)} req/s "
            + $"({CapacityText.Sureness(sync)}). async served ≥ ", verdict, StringComparison.Ordinal);
        Assert.EndsWith("× the clients of sync. Peak throughput: async 100 req/s at 50 clients, sync 9.0 req/s at 50 clients.",
            verdict, StringComparison.Ordinal);
        Assert.Equal((50, 100.0, StoppedBy.HighestStep, (int?)null),
            (async.Concurrency, async.Rps, async.AtLeastBecause!.Value, async.MissedAt));
        Assert.True(sync.Estimate!.LowLoad >= 1 && sync.Estimate.HighLoad <= 9, $"{sync.Estimate}");
        Assert.Equal(((StoppedBy?)null, (int?)10), (sync.AtLeastBecause, sync.MissedAt));
        Assert.InRange(sync.Rps, 2.0, 4.8 * sync.Concurrency / 10 + 2);
    }

    [Fact]
    public void The_verdict_and_the_step_table_print_999_7_ms_alike()
    {
        // Arrange: p95 999.7 ms at the one step, which missed the SLA by its errors.
        var experiment = Build(StepFactory.Run("sync", 1, 100, failed: 50, p95: 999.7), StepFactory.Run("async", 1, 20, p95: 505));
        var document = ReportPages.Golden("results-sleep.json") with { Experiments = [experiment] };

        // Act
        var html = HtmlReport.Render(document);
        var cell = ReportPages.Cell(ReportPages.StepTableOf(html, experiment, experiment.Variants[0]), 1, "p95");

        // Assert
        // Next to a 1 s SLA, "1 s" would hide which side of it the step was: both say 999.7 ms.
        Assert.Contains("sync met it at no load tried (even 1 missed it; at 1 client: p95 999.7 ms, 50% errors)",
            VerdictText.Of(experiment), StringComparison.Ordinal);
        Assert.Equal("999.7 ms", cell);
    }

    [Fact]
    public void The_verdict_says_when_a_variant_met_the_SLA_nowhere()
    {
        // Arrange
        var experiment = Build(StepFactory.Run("sync", 1, 25, p95: 2500), StepFactory.Run("async", 1, 20, p95: 505));
        var thin = Build(StepFactory.Run("sync", 1, 5, p95: 2500), StepFactory.Run("async", 1, 20, p95: 505));

        // Act
        var verdict = VerdictText.Of(experiment);

        // Assert: a miss at 1 too thin to judge says so
        Assert.Contains("sync met it at no load tried (even 1 missed it; at 1 client: p95 2.5 s, 0% errors)",
            verdict, StringComparison.Ordinal);
        Assert.Contains("sync met it at no load tried (no load tried had enough requests to judge: 5 at 1", VerdictText.Of(thin),
            StringComparison.Ordinal);
    }

    [Fact]
    public void Variants_keep_the_catalogue_order_and_their_blocking_label()
    {
        // Act
        var experiment = Build(StepFactory.Run("async", 1, 20), StepFactory.Run("sync", 1, 20));

        // Assert
        Assert.Equal(["sync", "async"], experiment.Variants.Select(v => v.Name));
        Assert.True(experiment.Variants[0].Blocking);
        Assert.False(experiment.Variants[1].Blocking);
        Assert.Equal(2, experiment.IdealRpsPerClient);
    }

    [Fact]
    public void A_skipped_experiment_keeps_its_reason_and_no_verdict()
    {
        // Act
        var experiment = ResultsBuilder.Build(new ExperimentRun(ExperimentCatalog.Get("sleep"), StepFactory.Terms(Sla),
            new Dictionary<string, string> { ["ms"] = "500" }, [],
            SkippedReason: "PostgreSQL is not installed: apt-get install postgresql."));

        // Assert
        Assert.Empty(experiment.Variants);
        Assert.Equal(string.Empty, VerdictText.Of(experiment));
        Assert.Equal("PostgreSQL is not installed: apt-get install postgresql.", experiment.SkippedReason);
    }

    private static ExperimentResult Build(params StepRun[] steps) => ResultsBuilder.Build(new ExperimentRun(
        ExperimentCatalog.Get("sleep"), StepFactory.Terms(Sla), new Dictionary<string, string> { ["ms"] = "500" },
        [.. steps.Select(s => new AnalysedStep(s.Step.Variant, s.Step.StartMs,
            StepAnalysis.Analyse(s, StepFactory.Terms(Sla)), s.Timeline))]));
}
