using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A held load's measurement beside its forecast: the error, and where they part by more than the pool laws' tolerance, the
/// assumption that broke. The forecast rests on two: the pool holds the threads the load needs at a time the injection laws
/// give, and the load is met a round and a window after; the held load's seconds say which failed.</summary>
public static class ForecastCheck
{
    /// <summary>Below this the tolerance's share of a few seconds is less than the reader's one-second resolution.</summary>
    private const double ResolutionSeconds = 2;

    public static CatchUpForecast Read(CatchUpForecast forecast, SustainedHold hold)
    {
        var (predicted, measured) = (forecast.CaughtUpAt, hold.CaughtUpAt);
        if (hold.EndedBy == HoldEnd.Failed || (predicted is null && measured is null))
        {
            return forecast;
        }

        double? error = predicted is > 0 && measured is { } m ? Math.Round(100 * (m - predicted.Value) / predicted.Value) : null;
        var inBand = forecast.Simulated is { Low: { } low, High: { } high } && measured >= low && measured <= high;
        var close = inBand || (error is { } e
            && (Math.Abs(e) <= 100 * PoolGrowth.Tolerance || Math.Abs(measured!.Value - predicted!.Value) <= ResolutionSeconds));
        if (close)
        {
            return forecast with { ErrorPercent = error };
        }

        var behind = hold.Seconds.Where(s => measured is null || s.Second <= measured).ToList();
        var growth = SteadyStateReader.GrowthPerSecond(behind);
        var ready = hold.Seconds.FirstOrDefault(s => s.PoolThreads >= forecast.ThreadsNeeded)?.Second;
        var threadsAtCatchUp = measured is { } at ? hold.Seconds.FirstOrDefault(s => s.Second == at)?.PoolThreads : null;
        var miss = new ForecastMiss(Kind(forecast, measured, ready, threadsAtCatchUp), growth is { } g ? Math.Round(g, 2) : null,
            threadsAtCatchUp, ready);
        return forecast with { ErrorPercent = error, Broke = miss };
    }

    private static ForecastMissKind Kind(CatchUpForecast forecast, int? measured, int? ready, int? threadsAtCatchUp)
    {
        var predicted = forecast.CaughtUpAt;
        if (predicted is null)
        {
            return forecast.Ceiling is not null ? ForecastMissKind.CapHigher : ForecastMissKind.GrewFaster;
        }

        if (measured < predicted)
        {
            return threadsAtCatchUp < forecast.ThreadsNeeded ? ForecastMissKind.OtherThreadsNeeded : ForecastMissKind.GrewFaster;
        }

        // Later, or never: did the pool hold the threads on time? Then the pool was not what held the load back.
        if (ready is { } r && forecast.ThreadsReadyAt is { } due && r <= (due * (1 + PoolGrowth.Tolerance)) + ResolutionSeconds)
        {
            return ForecastMissKind.ServedLater;
        }

        return forecast.Earliest ? ForecastMissKind.HillClimbingSlower : ForecastMissKind.GrewSlower;
    }
}
