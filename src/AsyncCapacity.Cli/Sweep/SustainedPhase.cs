using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>After a variant's knee (--sustain): the loads <see cref="HoldPlanner"/> chooses, each held on a fresh app, read as the
/// variant's capacity over time.</summary>
internal static class SustainedPhase
{
    public static async Task<Sustained?> RunAsync(
        SweepContext run, Experiment declaration, ExperimentResult soFar, Variant declared, ExperimentTerms terms,
        CancellationToken cancellationToken)
    {
        if (run.Request.SustainSeconds is not { } horizon)
        {
            return null;
        }

        var runInfo = run.RunSoFar;
        var experiment = Predictions.Attach(new ResultsDocument(ResultsDocument.CurrentSchemaVersion, runInfo, [soFar])).Experiments[0];
        var variant = experiment.Variants.Single(v => v.Name == declared.Name);
        var facts = PoolFactsReader.Of(experiment, variant, runInfo);
        var window = new HoldTerms(1, terms.Sla, terms.Kind.HoldsSessions).WindowSeconds;
        var ceiling = LoadModelOptions.MaxConcurrency;
        var plan = new HoldPlan(variant.Capacity?.Concurrency, facts is not null, horizon, ceiling,
            facts is { By: PoolInjection.CooperativeBlocking } ? CatchUpForecaster.CapacityAt(facts, horizon, window, ceiling) : null,
            Scoped<int[]>.For(run.Request.SustainAt, declaration)?.Value);
        var holds = new List<SustainedHold>();
        while (HoldPlanner.Next(plan, holds) is { } load)
        {
            run.Progress.Info($"  {experiment.Name} {variant.Name}: holding {load} clients for up to {horizon:0} s from a cold app");
            var forecast = facts is null ? null : CatchUpForecaster.Forecast(facts, load, horizon, window);
            var hold = new HeldLoad(declaration, declared, load, horizon,
                new HoldTerms(load, terms.Sla, terms.Kind.HoldsSessions));
            holds.Add(await hold.RunAsync(run, forecast, cancellationToken));
        }

        var kneeHorizon = KneeHorizon.Of(variant, runInfo) ?? run.Request.WarmupSeconds + run.Request.StepSeconds;
        return SustainedAnalysis.Of(variant.Capacity, kneeHorizon, holds, horizon, HoldTerms.DefaultConfirmSeconds, facts, window, ceiling);
    }
}
