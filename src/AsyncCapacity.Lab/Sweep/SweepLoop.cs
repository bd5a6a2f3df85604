using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>The search asks, the port probes, the laws read the knee off the variant's own probes; every answer goes into the
/// caller's <see cref="SweepRecord"/> as it comes, so an interrupted sweep keeps what it measured.</summary>
public sealed class SweepLoop(IProbePort port, ISweepProgress progress)
{
    public IReadOnlyList<IVariantPhase> Phases { get; init; } = [];

    /// <summary>Where the laws put the variant's knee from its probes so far; tests may give the knee they need.</summary>
    public Func<ExperimentResult, VariantResult, RunInfo, int?> Knee { get; init; } = PredictedKnee.Of;

    public async Task RunAsync(RunPlan plan, RunFacts facts, SweepRecord record, CancellationToken cancellationToken)
    {
        foreach (var experiment in plan.Experiments)
        {
            if (port.SkippedReason(experiment) is { } reason)
            {
                record.Skip(experiment, reason);
                progress.Skipped(experiment, reason);
                continue;
            }

            // What the laws read of the experiment (its SLA, its ideal rate, what it plots) does not change probe by probe.
            var shell = ResultsBuilder.Build(experiment.Run([]));
            foreach (var variant in experiment.Declaration.Variants)
            {
                var finding = await SearchAsync(experiment, variant, shell, facts, record, cancellationToken);
                record.Found(experiment, variant.Name, finding);
                foreach (var phase in Phases)
                {
                    await PhaseAsync(phase, experiment, variant.Name, finding, facts, record, cancellationToken);
                }

                record.Done(experiment, variant.Name);
                progress.VariantDone(experiment, variant.Name);
            }
        }
    }

    private async Task<Search.SearchFinding> SearchAsync(
        ExperimentPlan plan, Variant variant, ExperimentResult shell, RunFacts facts, SweepRecord record,
        CancellationToken cancellationToken)
    {
        var search = new VariantSearch(plan.Search);
        var steps = new List<StepResult>();
        while (search.Next() is { } next)
        {
            var order = new ProbeOrder(plan, variant.Name, next.Concurrency, next.Seconds, search.RunAt(next.Concurrency),
                search.Probes + 1, new SearchProbe(next.Pass, next.Why), CheckRoutes: !record.Reached(plan));
            var answer = await RunAsync(order, record, phase: null, cancellationToken);
            steps.Add(answer.Measured.Result);
            search.Record(CapacityAnalysis.Outcome(answer.Measured.Result, plan.Sla), () => Knee(
                shell, ResultsBuilder.Probed(plan.Declaration, variant.Name, steps), RunDescription.Of(facts, record.Readings.App)));
        }

        return search.Finding;
    }

    private async Task PhaseAsync(
        IVariantPhase phase, ExperimentPlan plan, string variant, Search.SearchFinding finding, RunFacts facts, SweepRecord record,
        CancellationToken cancellationToken)
    {
        var state = new PhaseState(plan, variant, finding, record.Of(plan, variant), [], RunDescription.Of(facts, record.Readings.App),
            record.Count(plan, variant) + 1);
        record.Phased(phase, state);
        while (phase.NextOrder(state) is { } order)
        {
            var answer = await RunAsync(order, record, phase.Name, cancellationToken);
            state = state with
            {
                Done = [.. state.Done, answer],
                Run = RunDescription.Of(facts, record.Readings.App),
                Number = state.Number + 1,
            };
            record.Phased(phase, state);
        }
    }

    /// <summary>The search's probes carry their pass and run into the results, whichever port answered them.</summary>
    private async Task<ProbeAnswer> RunAsync(ProbeOrder order, SweepRecord record, string? phase, CancellationToken cancellationToken)
    {
        progress.ProbeStarting(order);
        var answer = await port.RunAsync(order, cancellationToken);
        if (order.Kind is SearchProbe probe)
        {
            var step = answer.Measured;
            answer = answer with { Step = step with { Result = step.Result with { Pass = probe.Pass, Run = order.Run } } };
        }

        record.Add(order, answer, phase);
        progress.ProbeDone(order, answer);
        return answer;
    }
}
