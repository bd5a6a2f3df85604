using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A hold's measurement beside its forecast: the error, and where they part by more than the pool laws' tolerance, the
/// assumption that broke, read from how the pool grew while the load was behind.</summary>
public static class ForecastCheck
{
    public static CatchUpForecast Read(CatchUpForecast forecast, SustainedHold hold)
    {
        var (predicted, measured) = (forecast.CaughtUpAt, hold.CaughtUpAt);
        if (hold.EndedBy == HoldEnd.Failed || (predicted is null && measured is null))
        {
            return forecast;
        }

        var behind = hold.Seconds.Where(s => measured is null || s.Second <= measured).ToList();
        var growth = SteadyStateReader.GrowthPerSecond(behind);
        var threadsAtCatchUp = measured is { } at ? hold.Seconds.FirstOrDefault(s => s.Second == at)?.PoolThreads : null;
        double? error = predicted is > 0 && measured is not null ? Math.Round(100 * ((double)measured - predicted.Value) / predicted.Value) : null;
        var parted = error is null || Math.Abs(error.Value) > 100 * Laws.PoolGrowth.Tolerance;
        if (!parted)
        {
            return forecast with { ErrorPercent = error };
        }

        var kind = (predicted, measured) switch
        {
            (null, not null) when forecast.Ceiling is not null => ForecastMissKind.CapHigher,
            (null, not null) => ForecastMissKind.GrewFaster,
            _ when forecast.Earliest && (measured is null || measured > predicted) => ForecastMissKind.HillClimbingSlower,
            _ when measured < predicted => threadsAtCatchUp < forecast.ThreadsNeeded
                ? ForecastMissKind.OtherThreadsNeeded : ForecastMissKind.GrewFaster,
            _ when threadsAtCatchUp > forecast.ThreadsNeeded * (1 + Laws.PoolGrowth.Tolerance) => ForecastMissKind.OtherThreadsNeeded,
            _ => ForecastMissKind.GrewSlower,
        };
        return forecast with { ErrorPercent = error, Broke = new ForecastMiss(kind, growth is { } g ? Math.Round(g, 2) : null, threadsAtCatchUp) };
    }
}
