using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Tests.Docs;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Sweep;

/// <summary>
/// The runs recorded in docs/workshop/runs were searched by the loop as it was before it moved into the lab's core: played back
/// through today's loop, each variant's probes answered with what was recorded, the loop asks for the same loads in the same order
/// and reaches the same capacity.
/// </summary>
public sealed class RecordedRunsReplayTests
{
    private static readonly string Runs = Path.Combine(Repository.Root, "docs", "workshop", "runs");

    public static TheoryData<string> Recorded => [.. Directory.GetFiles(Runs, "*.json").Select(p => Path.GetFileName(p)).Order()];

    [Theory]
    [MemberData(nameof(Recorded))]
    public async Task The_loop_asks_for_the_recorded_probes_in_their_order_and_finds_the_recorded_capacity(string name)
    {
        // Arrange
        var document = RecordedRun.Read(Path.Combine(Runs, name));
        var replayed = new List<string>();

        foreach (var experiment in document.Experiments.Where(e => e.SkippedReason is null))
        {
            var plan = PlanOf(document.Run, experiment);
            var port = new RecordedPort(experiment);
            var loop = new SweepLoop(port, new SilentProgress()) { Knee = (_, variant, _) => PredictedKnee.Of(experiment, variant, document.Run) };
            var record = new SweepRecord();

            // Act
            await loop.RunAsync(new RunPlan([plan], Simulation.Timing), Simulation.Facts(new RunPlan([plan], Simulation.Timing)), record,
                CancellationToken.None);

            // Assert
            foreach (var variant in experiment.Variants)
            {
                var recorded = variant.Steps.OrderBy(s => s.StartedAt).ToList();
                Assert.Equal(recorded.Select(s => s.Concurrency), port.Asked(variant.Name));
                var built = ResultsBuilder.Build(plan.Run([.. record.Of(plan, variant.Name).Select(a => a.Measured)],
                    new Dictionary<string, SearchFinding> { [variant.Name] = record.FindingOf(plan, variant.Name)! })).Variants.Single();
                Assert.Equal(variant.Capacity?.Concurrency, built.Capacity?.Concurrency);
                Assert.Equal(variant.Capacity?.Estimate, built.Capacity?.Estimate);
                Assert.Equal(variant.Capacity?.AtLeastBecause, built.Capacity?.AtLeastBecause);
                Assert.Equal(variant.NoCapacityBecause?.Kind, built.NoCapacityBecause?.Kind);
                replayed.Add($"{experiment.Name}:{variant.Name}");
            }
        }

        Assert.NotEmpty(replayed);
    }

    /// <summary>The plan the run was made with, from what it recorded: its coarse steps, its search on or off and its budget (older
    /// files: the default), its headline.</summary>
    private static ExperimentPlan PlanOf(RunInfo run, ExperimentResult experiment)
    {
        var steps = experiment.Variants.SelectMany(v => v.Steps).Where(s => s.Pass is null or ProbePass.Coarse)
            .Select(s => s.Concurrency).Distinct().Order().ToList();
        var declared = new Experiment(experiment.Name, 1, experiment.Title, experiment.Lesson, experiment.Load,
            [.. experiment.Variants.Select(v => new Variant(v.Name, v.Blocking, "GET", "/", v.Description, v.Holds))], [], steps,
            new DeclaredSla(experiment.Sla.P95Ms, experiment.Sla.MaxErrorRate * 100), Headline: experiment.Headline);
        var search = new SearchPolicy
        {
            Coarse = steps,
            Refine = experiment.Variants.SelectMany(v => v.Steps).Any(s => s.Pass is not (null or ProbePass.Coarse))
                || experiment.Variants.Any(v => v.Capacity?.Strategy == SearchStrategy.Estimate),
            Headline = experiment.Headline,
            WindowSeconds = run.Settings.StepSeconds,
            MaxSearchProbes = experiment.Plan?.SearchProbes ?? SearchPolicy.DefaultSearchProbes,
        };
        return new ExperimentPlan(declared, experiment.Parameters,
            ExperimentTerms.Of(declared, experiment.Sla, experiment.Model), search, Simulation.Timing);
    }

    /// <summary>Answers each variant's probes with what the run recorded for them, in order; asked for a load it did not record, it
    /// answers nothing more (the assertion on the loads asked then says where the loop parted from the record).</summary>
    private sealed class RecordedPort(ExperimentResult experiment) : IProbePort
    {
        private readonly Dictionary<string, List<int>> _asked = [];

        public List<int> Asked(string variant) => _asked.GetValueOrDefault(variant) ?? [];

        public Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken)
        {
            var asked = _asked.TryGetValue(order.Variant, out var list) ? list : _asked[order.Variant] = [];
            var steps = experiment.Variants.Single(v => v.Name == order.Variant).Steps.OrderBy(s => s.StartedAt).ToList();
            asked.Add(order.Load);
            var step = asked.Count <= steps.Count && steps[asked.Count - 1].Concurrency == order.Load
                ? steps[asked.Count - 1]
                : throw new InvalidOperationException(
                    $"{experiment.Name} {order.Variant}: probe {asked.Count} asked at {order.Load}, recorded at "
                    + $"{string.Join(", ", steps.Select(s => s.Concurrency))}");
            return Task.FromResult(new ProbeAnswer(new AnalysedStep(order.Variant, step.StartedAt.ToUnixTimeMilliseconds(), step, [])));
        }
    }
}
