using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Load;

/// <summary>The merge of runners that split one test (Lab/Measure/RunnerMerge): the same requests split N ways and merged give
/// exactly the counts and the SLA verdict one k6 gives on all of them, whatever the split.</summary>
public sealed class RunnerMergeTests
{
    private static readonly Sla Sla = new(100, 0.01);

    /// <summary>k6's p(95) (go.k6.io/k6 metrics TrendSink.P, and checked against k6 v2.2 itself): linear interpolation at rank
    /// 0.95 × (n − 1) of the sorted values.</summary>
    private static double K6P95(IReadOnlyList<double> values)
    {
        var sorted = values.Order().ToList();
        if (sorted.Count == 1)
        {
            return sorted[0];
        }

        var i = 0.95 * (sorted.Count - 1.0);
        var (j, k) = (sorted[(int)Math.Floor(i)], sorted[(int)Math.Ceiling(i)]);
        return j + ((k - j) * (i - Math.Floor(i)));
    }

    /// <summary>A step as k6-scripts/lib/summary.js writes it from these requests (SLA_SPLIT=1): 1 s warm-up, 3 s window.</summary>
    private static ProbeSamples StepOf(IReadOnlyList<(double Ms, bool Failed)> requests, long startMs = 1_000_000, int clients = 10)
    {
        var durations = requests.Select(r => r.Ms).ToList();
        var within = durations.Where(d => d <= Sla.P95Ms).ToList();
        var beyond = durations.Where(d => d > Sla.P95Ms).ToList();
        return new ProbeSamples("async", clients, startMs, startMs + 1000, startMs + 4000, requests.Count, requests.Count(r => r.Failed),
            durations.Count == 0 ? null : new Percentiles(durations.Average(), durations.Min(), null, durations.Max(), null, K6P95(durations), null),
            null)
        {
            SlaSplit = new SlaSplit(within.Count, within.Count > 0 ? within.Max() : null, beyond.Count, beyond.Count > 0 ? beyond.Min() : null),
        };
    }

    private static MeasuredRun RunOf(ProbeSamples step, long startedAtMs = 1_000_000) =>
        new("asynccapacity-k6/1", "sleep", "http://127.0.0.1:5000", LoadModel.Closed, new Dictionary<string, string>(), Sla, 1, 3, 0,
            startedAtMs, 4000, [step]);

    private static SlaVerdict Verdict(ProbeSamples step) => SlaJudge.Of(step, StepPlan.Of(step, LoadModel.Closed, LoadKind.Http), Sla);

    /// <summary>Durations clustered around the SLA (some exactly on it), failures among them, split over 1 to 6 runners at random.</summary>
    [Fact]
    public void Split_any_way_and_merged_the_requests_give_one_k6s_counts_and_verdict()
    {
        var random = new Random(20261129);
        var exactAtTheBoundary = 0;
        for (var trial = 0; trial < 2000; trial++)
        {
            // Arrange: the union, as one k6 saw it
            var n = random.Next(1, 300);
            var beyondShare = random.NextDouble() * 0.12;
            var requests = Enumerable.Range(0, n).Select(_ => (
                Ms: random.Next(20) == 0 ? Sla.P95Ms : random.NextDouble() < beyondShare
                    ? Sla.P95Ms + (random.NextDouble() * 50) : Sla.P95Ms * random.NextDouble(),
                Failed: random.Next(150) == 0)).ToList();
            var clients = random.Next(1, n + 1);
            var single = StepOf(requests, clients: clients);
            var runners = random.Next(1, 7);
            var parts = Enumerable.Range(0, runners).Select(_ => new List<(double, bool)>()).ToList();
            foreach (var request in requests)
            {
                parts[random.Next(runners)].Add(request);
            }

            // Act
            var merged = RunnerMerge.Merge([.. parts.Select((p, i) => new RunnerResults($"runner {i + 1}", RunOf(StepOf(p, clients: clients))))]).Steps.Single();

            // Assert: the counts add up to the union's, the verdict is one k6's on the union
            Assert.Equal((single.Requests, single.Failed, single.SlaSplit), (merged.Requests, merged.Failed, merged.SlaSplit));
            var (one, all) = (Verdict(single), Verdict(merged));
            Assert.True(one.Meets == all.Meets && one.Missed.SequenceEqual(all.Missed),
                $"trial {trial}: one k6 {one.Meets} (p95 {single.DurationMs?.P95}), merged {all.Meets} (p95 {merged.DurationMs?.P95}) "
                + $"over {runners} runners");
            Assert.Equal(runners, merged.Runners!.Count);
            Assert.Equal(requests.Count, merged.Runners.Sum(r => r.Requests));
            if (RunnerMerge.UnionP95([merged.SlaSplit!], Sla.P95Ms) is { ExactMs: { } exact })
            {
                exactAtTheBoundary++;
                Assert.Equal(single.DurationMs!.P95!.Value, exact, 9);
            }
        }

        Assert.True(exactAtTheBoundary > 20, $"only {exactAtTheBoundary} trials had the p95's rank between the two sides");
    }

    [Fact]
    public void A_p95_exactly_on_the_SLA_meets_it_merged_as_with_one_k6()
    {
        // Arrange: 21 requests, rank 0.95 × 20 = 19: the 20th fastest is the p95, and it is the SLA itself
        var requests = Enumerable.Range(1, 19).Select(i => ((double)i, false)).Append((Sla.P95Ms, false)).Append((250.0, false)).ToList();
        var single = StepOf(requests);
        Assert.Equal(Sla.P95Ms, single.DurationMs!.P95!.Value, 9);

        // Act: the slowest within on one runner, the fastest beyond on the other
        var merged = RunnerMerge.Merge([
            new RunnerResults("a", RunOf(StepOf([.. requests.Take(10), requests[19]]))),
            new RunnerResults("b", RunOf(StepOf([.. requests.Skip(10).Take(9), requests[20]]))),
        ]).Steps.Single();

        // Assert
        Assert.Equal(single.DurationMs.P95!.Value, merged.DurationMs!.P95!.Value, 9);
        Assert.True(Verdict(single).Meets);
        Assert.True(Verdict(merged).Meets);
        // Each runner alone reads otherwise: the worst runner's p95 (crank's merge) would miss
        Assert.True(merged.Runners!.Max(r => r.P95Ms) > Sla.P95Ms);
    }

    [Fact]
    public void Runners_that_started_apart_or_ran_short_of_CPU_flag_the_step()
    {
        // Arrange: the second runner started 400 ms late (a quarter of the 1 s warm-up is 250 ms), and used 93% of its CPU
        var requests = Enumerable.Range(0, 40).Select(i => ((double)i, false)).ToList();
        var merged = RunnerMerge.Merge([
            new RunnerResults("local 1 (CPU 1)", RunOf(StepOf(requests[..20]), 1_000_000), new RunnerCpu(40, 1)),
            new RunnerResults("local 2 (CPU 2)", RunOf(StepOf(requests[20..], 1_000_400), 1_000_400), new RunnerCpu(93, 1)),
        ]).Steps.Single();

        // Act
        var result = StepAnalysis.Analyse(new StepRun(merged, [], null), new ExperimentTerms(Sla, LoadModel.Closed, LoadKind.Http, []));

        // Assert
        Assert.Equal(1_000_200, merged.StartMs);
        Assert.Contains(result.Flags, f => f.Kind == StepFlagKind.RunnersApart && f.Seconds == 0.4 && f.Count == 2);
        Assert.Contains(result.Flags, f => f.Kind == StepFlagKind.RunnerLimit && f.Text == "local 2 (CPU 2)" && f.Percent == 93);
        Assert.Equal(Saturation.LoadGenerator, result.Saturated);
        Assert.Equal(2, result.Runners!.Count);
    }

    [Fact]
    public void Results_of_another_test_are_refused_with_the_runners_named()
    {
        var step = StepOf([(10, false)]);
        var error = Assert.Throws<InvalidDataException>(() => RunnerMerge.Merge([
            new RunnerResults("host-a", RunOf(step)),
            new RunnerResults("host-b", RunOf(step with { Concurrency = 200 })),
        ]));
        Assert.Contains("host-b's results are of another test than host-a's", error.Message, StringComparison.Ordinal);
    }
}
