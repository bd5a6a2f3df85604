using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A variant's holds read as its capacity over time: the curve at the probes' horizon, half a minute and the horizon,
/// each point with what the forecast gives for the same time, and where the pool settled.</summary>
public static class SustainedAnalysis
{
    public static Sustained Of(
        Capacity? knee, double kneeHorizon, IReadOnlyList<SustainedHold> holds, double horizon, int confirmSeconds, PoolFacts? facts)
    {
        var curve = CapacityCurve.Of(knee, kneeHorizon, CapacityCurve.Points(holds), Sustained.ReadAt(kneeHorizon, horizon))
            .Select(at => at with { Predicted = ForecastAt(holds, horizon, at.Seconds) })
            .ToList();
        return new Sustained(horizon, confirmSeconds, kneeHorizon, holds, curve) { Steady = SteadyStateReader.Of(holds, facts) };
    }

    /// <summary>The capacity the forecast gives after <paramref name="seconds"/>: read between the held loads as the measured curve is,
    /// each load at its forecast catch-up (the simulated runs' median, or never where most did not catch up or a resource caps it)
    /// rather than its measured one, so no load is simulated twice. Null where no forecast caught up by then, or none was made.</summary>
    public static int? ForecastAt(IReadOnlyList<SustainedHold> holds, double horizon, double seconds)
    {
        var forecast = holds.Where(h => h.EndedBy != HoldEnd.Failed && h.Forecast is not null)
            .Select(h => new CapacityCurve.Point(h.Concurrency, h.Forecast!.CaughtUpAt, horizon)).ToList();
        return forecast.Count == 0 ? null : CapacityCurve.At(null, 0, forecast, seconds)?.Capacity;
    }
}
