using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>The threads the runtime will have injected after a while of blocking, with its own rates (dotnet/runtime's
/// PortableThreadPool.GateThread.cs, .Blocking.cs, .HillClimbing.cs), and the capacity those threads allow.</summary>
public static class PoolGrowth
{
    public const double GatePeriodSeconds = 0.5;

    public const double Tolerance = 0.25;

    /// <summary>GateThread.DequeueDelayThresholdMs: above CpuUtilizationLow (80%) starvation needs goal × 1 s without a dequeue.</summary>
    public const double BusyDequeueDelayPerThreadSeconds = 1.0;

    public const double DelayStepSeconds = 0.025;

    public const double MaxDelaySeconds = 0.25;

    /// <summary>With every thread held H a dequeue comes every H ÷ threads, so starvation's growth stops once that gap is within
    /// the threshold; a session's thread never frees.</summary>
    public static int StarvationThreads(int minThreads, double holdSeconds, double seconds, bool cpuBusy, int maxThreads = short.MaxValue)
    {
        var threads = minThreads;
        for (var check = GatePeriodSeconds; check <= seconds + 1e-9 && threads < maxThreads; check += GatePeriodSeconds)
        {
            var threshold = cpuBusy ? threads * BusyDequeueDelayPerThreadSeconds : GatePeriodSeconds;
            if (holdSeconds / threads <= threshold)
            {
                break;
            }

            threads++;
        }

        return threads;
    }

    /// <summary>On 2 cores: 22 threads after 2.25 s, then 4 a second.</summary>
    public static int CooperativeBlockingThreads(int processors, int minThreads, double seconds, int maxThreads = short.MaxValue)
    {
        var withoutDelay = minThreads + processors;
        var threads = Math.Min(withoutDelay, maxThreads);
        var at = 0.0;
        while (threads < maxThreads)
        {
            var steps = 1 + ((threads - withoutDelay) / processors);
            at += Math.Min(steps * DelayStepSeconds, MaxDelaySeconds);
            if (at > seconds + 1e-9)
            {
                break;
            }

            threads++;
        }

        return threads;
    }

    public static int Threads(PoolInjection by, int processors, int minThreads, double? holdSeconds, double seconds, bool cpuBusy) =>
        by switch
        {
            PoolInjection.CooperativeBlocking => CooperativeBlockingThreads(processors, minThreads, seconds),
            _ => StarvationThreads(minThreads, holdSeconds ?? double.PositiveInfinity, seconds, cpuBusy),
        };

    /// <summary>From the threads as the window starts (requests in lockstep, as the static bound judges the minimum) to those as
    /// it ends (the bound on the mean).</summary>
    public static PoolGrowthBound Predict(
        PoolInjection by, int processors, int minThreads, double? holdSeconds, double warmupSeconds, double stepSeconds,
        double slaSeconds, double r0Seconds, bool cpuBusy = false)
    {
        var start = Threads(by, processors, minThreads, holdSeconds, warmupSeconds, cpuBusy);
        var end = Threads(by, processors, minThreads, holdSeconds, warmupSeconds + stepSeconds, cpuBusy);
        var (low, high) = holdSeconds is { } hold
            ? (OperationalLaws.ClientsWithinFixedHold(slaSeconds, r0Seconds, start, hold),
                OperationalLaws.ClientsWithinMean(slaSeconds, r0Seconds, hold / end))
            : (start, end);
        var ceiling = end + (int)Math.Floor(HillClimbing.MaxChangePerSecond * (warmupSeconds + stepSeconds));
        return new PoolGrowthBound(by, minThreads, start, end, Math.Min(low, high), high, ceiling);
    }
}
