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

    /// <summary>Each load's forecast, simulated once: the loop asks for the next order more often than it places one.</summary>
    private readonly Dictionary<(string Experiment, string Variant, int Load), CatchUpForecast> _forecasts = [];

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

        var terms = new HoldTerms(load, state.Plan.Sla, state.Plan.Terms.Kind.HoldsSessions);
        var key = (state.Plan.Id, state.Variant, load);
        var forecast = reading.Facts is not { } facts ? null
            : _forecasts.TryGetValue(key, out var known) ? known
            : _forecasts[key] = Forecast(facts, terms, sustain.HorizonSeconds, state.Run.Settings.MinWorkerThreads);
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
                HoldTerms.DefaultConfirmSeconds, reading.Facts),
        };
    }

    /// <summary>The laws' reading of the load (the threads it needs, a resource that caps it), and the pool simulated under it by
    /// the runtime's rules: the band of its catch-up is the forecast. A load a resource caps is never caught up, whatever the pool.
    /// </summary>
    public static CatchUpForecast Forecast(PoolFacts facts, HoldTerms terms, double horizonSeconds, int? minThreads)
    {
        var laws = CatchUpForecaster.Forecast(facts, terms.Concurrency, horizonSeconds, terms.WindowSeconds);
        if (laws.Ceiling is not null)
        {
            return laws;
        }

        var shape = PoolForecast.ShapeOf(facts, terms.Concurrency, minThreads);
        var band = PoolForecast.CatchUp(shape, terms, (int)Math.Ceiling(horizonSeconds), SimulatedRuns);
        return laws with { CaughtUpAt = band.Mostly ? band.Median : null, Earliest = false, Simulated = band };
    }

    /// <summary>Seeded runs per held load: a band of 10th to 90th percentiles in a few seconds of a sweep's minutes.</summary>
    public const int SimulatedRuns = 10;

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
        return _readings[key] = new Reading(variant, facts, plan, state.Search.Count);
    }

    private sealed record Reading(VariantResult Variant, PoolFacts? Facts, HoldPlan Plan, int SearchProbes);
}
