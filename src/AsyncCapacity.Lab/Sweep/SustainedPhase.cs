using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>After a variant's knee, where its plan measures capacity over time (<see cref="ExperimentPlan.Sustain"/>, --sustain):
/// the loads <see cref="HoldPlanner"/> chooses, each held on a fresh app through the loop's port, read as the variant's capacity
/// over time. The laws' reading of the variant (its knee, how its pool grows) is made once, when its first load is chosen: the
/// search is over by then, so every later choice reads the same.</summary>
public sealed class SustainedPhase : IVariantPhase
{
    private readonly Dictionary<(string Experiment, string Variant), Reading> _readings = [];

    public string Name => "sustained";

    public ProbeOrder? NextOrder(PhaseState state)
    {
        if (state.Plan.Sustain is not { } sustain)
        {
            return null;
        }

        var reading = Read(state, sustain);
        if (HoldPlanner.Next(reading.Plan, Holds(state)) is not { } load)
        {
            return null;
        }

        var forecast = reading.Facts is null ? null
            : CatchUpForecaster.Forecast(reading.Facts, load, sustain.HorizonSeconds, reading.Window);
        var terms = new HoldTerms(load, state.Plan.Sla, state.Plan.Terms.Kind.HoldsSessions);
        return new ProbeOrder(state.Plan, state.Variant, load, sustain.HorizonSeconds, 1, state.Number, new HoldProbe(terms, forecast));
    }

    public VariantResult Complete(VariantResult variant, PhaseState state)
    {
        if (state.Plan.Sustain is not { } sustain)
        {
            return variant;
        }

        var reading = Read(state, sustain);
        var kneeHorizon = KneeHorizon.Of(reading.Variant, state.Run) ?? state.Plan.Timing.WarmupSeconds + state.Plan.Timing.WindowSeconds;
        return variant with
        {
            Sustained = SustainedAnalysis.Of(reading.Variant.Capacity, kneeHorizon, Holds(state), sustain.HorizonSeconds,
                HoldTerms.DefaultConfirmSeconds, reading.Facts, reading.Window, state.Plan.Search.Ceiling),
        };
    }

    private static List<SustainedHold> Holds(PhaseState state) => [.. state.Done.Select(a => a.Hold).OfType<SustainedHold>()];

    /// <summary>The variant as its search left it, read by the laws: its knee, and how its pool grows.</summary>
    private Reading Read(PhaseState state, SustainPlan sustain)
    {
        var key = (state.Plan.Id, state.Variant);
        if (_readings.TryGetValue(key, out var known) && known.SearchProbes == state.Search.Count)
        {
            return known;
        }

        var steps = state.Search.Select(a => a.Measured).ToList();
        var soFar = ResultsBuilder.Build(state.Plan.Run(steps, new Dictionary<string, SearchFinding> { [state.Variant] = state.Finding }));
        var experiment = Predictions.Attach(new ResultsDocument(ResultsDocument.CurrentSchemaVersion, state.Run, [soFar])).Experiments[0];
        var variant = experiment.Variants.Single(v => v.Name == state.Variant);
        var facts = PoolFactsReader.Of(experiment, variant, state.Run);
        var window = new HoldTerms(1, state.Plan.Sla, state.Plan.Terms.Kind.HoldsSessions).WindowSeconds;
        var ceiling = state.Plan.Search.Ceiling;
        var plan = new HoldPlan(variant.Capacity?.Concurrency, facts is not null, sustain.HorizonSeconds, ceiling,
            facts is { By: PoolInjection.CooperativeBlocking }
                ? CatchUpForecaster.CapacityAt(facts, sustain.HorizonSeconds, window, ceiling) : null,
            sustain.Loads);
        return _readings[key] = new Reading(variant, facts, window, plan, state.Search.Count);
    }

    private sealed record Reading(VariantResult Variant, PoolFacts? Facts, int Window, HoldPlan Plan, int SearchProbes);
}
