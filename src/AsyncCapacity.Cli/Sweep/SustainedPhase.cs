using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>After a variant's knee (--sustain): the loads <see cref="HoldPlanner"/> chooses, each held on a fresh app through the
/// loop's port (<see cref="HeldLoad"/>), read as the variant's capacity over time.</summary>
/// <param name="loads">--sustain-at: the loads to hold instead of the laws' choice, for all experiments or one.</param>
internal sealed class SustainedPhase(double horizon, IReadOnlyList<Scoped<int[]>> loads) : IVariantPhase
{
    public string Name => "sustained";

    public ProbeOrder? NextOrder(PhaseState state)
    {
        var reading = Read(state);
        if (HoldPlanner.Next(reading.Plan, Holds(state)) is not { } load)
        {
            return null;
        }

        var forecast = reading.Facts is null ? null : CatchUpForecaster.Forecast(reading.Facts, load, horizon, reading.Window);
        var terms = new HoldTerms(load, state.Plan.Sla, state.Plan.Terms.Kind.HoldsSessions);
        return new ProbeOrder(state.Plan, state.Variant, load, horizon, 1, state.Number, new HoldProbe(terms, forecast));
    }

    public VariantResult Complete(VariantResult variant, PhaseState state)
    {
        var reading = Read(state);
        var kneeHorizon = KneeHorizon.Of(reading.Variant, state.Run) ?? state.Plan.Timing.WarmupSeconds + state.Plan.Timing.WindowSeconds;
        return variant with
        {
            Sustained = SustainedAnalysis.Of(reading.Variant.Capacity, kneeHorizon, Holds(state), horizon, HoldTerms.DefaultConfirmSeconds,
                reading.Facts, reading.Window, state.Plan.Search.Ceiling),
        };
    }

    private static List<SustainedHold> Holds(PhaseState state) => [.. state.Done.Select(a => a.Hold).OfType<SustainedHold>()];

    /// <summary>The variant as its search left it, read by the laws: its knee, and how its pool grows.</summary>
    private Reading Read(PhaseState state)
    {
        var steps = state.Search.Select(a => a.Measured).ToList();
        var soFar = ResultsBuilder.Build(state.Plan.Run(steps, new Dictionary<string, SearchFinding> { [state.Variant] = state.Finding }));
        var experiment = Predictions.Attach(new ResultsDocument(ResultsDocument.CurrentSchemaVersion, state.Run, [soFar])).Experiments[0];
        var variant = experiment.Variants.Single(v => v.Name == state.Variant);
        var facts = PoolFactsReader.Of(experiment, variant, state.Run);
        var window = new HoldTerms(1, state.Plan.Sla, state.Plan.Terms.Kind.HoldsSessions).WindowSeconds;
        var ceiling = state.Plan.Search.Ceiling;
        var plan = new HoldPlan(variant.Capacity?.Concurrency, facts is not null, horizon, ceiling,
            facts is { By: PoolInjection.CooperativeBlocking } ? CatchUpForecaster.CapacityAt(facts, horizon, window, ceiling) : null,
            Scoped<int[]>.For(loads, state.Plan.Declaration)?.Value);
        return new Reading(variant, facts, window, plan);
    }

    private sealed record Reading(VariantResult Variant, PoolFacts? Facts, int Window, HoldPlan Plan);
}
