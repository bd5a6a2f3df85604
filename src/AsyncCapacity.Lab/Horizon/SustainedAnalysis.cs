using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A variant's holds read as its capacity over time: the curve at the probes' horizon, half a minute and the horizon,
/// each point with what the laws forecast for the same time, and where the pool settled.</summary>
public static class SustainedAnalysis
{
    public static Sustained Of(
        Capacity? knee, double kneeHorizon, IReadOnlyList<SustainedHold> holds, double horizon, int confirmSeconds, PoolFacts? facts,
        int windowSeconds, int ceiling)
    {
        var curve = CapacityCurve.Of(knee, kneeHorizon, CapacityCurve.Points(holds), Sustained.ReadAt(kneeHorizon, horizon))
            .Select(at => facts is null
                ? at
                : at with { Predicted = CatchUpForecaster.CapacityAt(facts, at.Seconds, windowSeconds, ceiling) })
            .ToList();
        return new Sustained(horizon, confirmSeconds, kneeHorizon, holds, curve) { Steady = SteadyStateReader.Of(holds, facts) };
    }
}
