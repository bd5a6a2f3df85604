using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>When the injection laws say a held load is caught up with: the first moment the pool can hold the threads the load
/// needs (<see cref="PoolFacts.ThreadsNeeded"/>), plus the rounds still queued and the judge's window.</summary>
public static class CatchUpForecaster
{
    private const double Tick = 0.05;

    public static CatchUpForecast Forecast(PoolFacts facts, int load, double horizonSeconds, int windowSeconds)
    {
        var needed = facts.ThreadsNeeded(load);
        var by = Mechanism(facts);
        var earliest = by != PoolInjection.CooperativeBlocking;
        if (facts.CeilingLoad is { } ceiling && load > ceiling)
        {
            return new CatchUpForecast(by, needed, null) { Earliest = earliest, Ceiling = facts.CeilingResource };
        }

        for (var t = 0.0; t <= horizonSeconds + 1e-9; t += Tick)
        {
            if (Threads(facts, by, t, needed) >= needed)
            {
                var at = t + facts.SlaSeconds + windowSeconds - 1;
                return new CatchUpForecast(by, needed, at <= horizonSeconds ? Math.Round(at, 1) : null)
                {
                    Earliest = earliest,
                    ThreadsReadyAt = Math.Round(t, 1),
                };
            }
        }

        return new CatchUpForecast(by, needed, null) { Earliest = earliest };
    }

    /// <summary>The largest load the laws say is caught up with by then: forecasts rise with the load, so a bisection finds it.</summary>
    public static int CapacityAt(PoolFacts facts, double seconds, int windowSeconds, int ceiling)
    {
        var (low, high) = (0, ceiling);
        while (low < high)
        {
            var middle = low + ((high - low + 1) / 2);
            if (Forecast(facts, middle, seconds, windowSeconds).CaughtUpAt is not null)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }

        return low;
    }

    /// <summary>Sync-over-async tells the pool it blocks; anything else relies on the gate's starvation check, which fires only
    /// while a blocked thread frees less often than every 500 ms, and beyond it on hill climbing.</summary>
    public static PoolInjection Mechanism(PoolFacts facts) =>
        facts.By == PoolInjection.CooperativeBlocking ? PoolInjection.CooperativeBlocking
        : PoolGrowth.StarvationThreads(facts.MinThreads, facts.HoldSeconds, double.MaxValue / 4, facts.CpuBusy, facts.MinThreads + 1)
            > facts.MinThreads ? PoolInjection.Starvation
        : PoolInjection.HillClimbing;

    private static int Threads(PoolFacts facts, PoolInjection by, double seconds, int needed)
    {
        if (by == PoolInjection.CooperativeBlocking)
        {
            return PoolGrowth.CooperativeBlockingThreads(facts.Processors, facts.MinThreads, seconds, needed);
        }

        var starved = PoolGrowth.StarvationThreads(facts.MinThreads, facts.HoldSeconds, seconds, facts.CpuBusy, needed);
        return HillClimbing.MostThreads(starved, seconds);
    }
}
