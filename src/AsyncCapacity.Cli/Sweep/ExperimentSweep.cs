using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Cli.Sweep;

internal static class ExperimentSweep
{
    public static async Task<ExperimentResult> RunAsync(SweepContext run, Experiment experiment, CancellationToken cancellationToken)
    {
        var terms = run.Request.TermsFor(experiment);
        var parameters = run.Request.Parameters[experiment.Id];
        if (run.Source.SkippedReason(experiment) is { } reason)
        {
            run.Progress.Warn($"{experiment.Id} skipped: {reason}");
            foreach (var _ in experiment.Variants)
            {
                run.Progress.VariantDone();
            }

            return ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, [], reason));
        }

        var steps = new List<AnalysedStep>();
        var findings = new Dictionary<string, SearchFinding>();
        var sustained = new Dictionary<string, Sustained?>();
        foreach (var variant in experiment.Variants)
        {
            var search = new VariantSearch(run.Request.SearchPolicyFor(experiment));
            while (search.Next() is { } next)
            {
                run.Progress.ProbeStarting(experiment.Id, variant.Name, next);
                var probe = new Probe(experiment, variant, next, search.RunAt(next.Concurrency), search.Probes + 1, terms);
                var step = await probe.RunAsync(run, checkRoutes: steps.Count == 0, cancellationToken);
                steps.Add(step);
                search.Record(CapacityAnalysis.Outcome(step.Result, terms.Sla), () => PredictedKnee.Of(
                    ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, steps)), variant.Name, run.RunSoFar));
            }

            findings[variant.Name] = search.Finding;
            var soFar = ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, steps, Findings: findings));
            sustained[variant.Name] = await SustainedPhase.RunAsync(run, experiment, soFar, variant, terms, cancellationToken);
            run.Progress.VariantDone();
        }

        var result = ResultsBuilder.Build(new ExperimentRun(experiment, terms, parameters, steps, Findings: findings));
        return result with
        {
            Variants = [.. result.Variants.Select(v => v with { Sustained = sustained.GetValueOrDefault(v.Name) })],
        };
    }
}
