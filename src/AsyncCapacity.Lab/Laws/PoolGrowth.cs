using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>
/// The pool's growth as a law: the threads the runtime will have injected after a while of blocking, with its own rates
/// (dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Threading/PortableThreadPool.GateThread.cs,
/// PortableThreadPool.Blocking.cs, PortableThreadPool.HillClimbing.cs), and the capacity those threads allow.
/// </summary>
public static class PoolGrowth
{
    /// <summary>GateThread.GateActivitiesPeriodMs: the gate thread checks for starvation every 500 ms.</summary>
    public const double GatePeriodSeconds = 0.5;

    /// <summary>The growth law's knee is as predicted within this share of the measured one: the issue's ±25%.</summary>
    public const double Tolerance = 0.25;

    /// <summary>GateThread.DequeueDelayThresholdMs: above CpuUtilizationLow (80%) starvation needs goal × 1 s without a dequeue.</summary>
    public const double BusyDequeueDelayPerThreadSeconds = 1.0;

    /// <summary>BlockingConfig.DelayStepMs and MaxDelayMs: the delay before each thread past min + ProcessorCount.</summary>
    public const double DelayStepSeconds = 0.025;

    public const double MaxDelaySeconds = 0.25;

    /// <summary>HillClimbing's MaxChangePerSecond: the most its moves change the goal in a second.</summary>
    public const int HillClimbingMaxChangePerSecond = 4;

    /// <summary>
    /// Starvation: at each gate check, one thread more when no work item was taken for longer than the threshold (500 ms,
    /// or goal × 1 s with the CPU busy). With every thread held <paramref name="holdSeconds"/> a dequeue comes every
    /// hold ÷ threads, so growth stops once that gap is within the threshold; a session's thread (infinite hold) never frees.
    /// </summary>
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

    /// <summary>
    /// Cooperative blocking: ProcessorCount threads above the minimum at once, then each next one after a delay of 25 ms
    /// more per ProcessorCount threads added, at most 250 ms (on 2 cores: 22 threads after 2.25 s, then 4 a second).
    /// </summary>
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

    /// <summary>The pool's threads after <paramref name="seconds"/> of blocking.</summary>
    /// <param name="holdSeconds">How long a request holds its thread; null: a session holds it for its whole life.</param>
    public static int Threads(PoolInjection by, int processors, int minThreads, double? holdSeconds, double seconds, bool cpuBusy) =>
        by switch
        {
            PoolInjection.CooperativeBlocking => CooperativeBlockingThreads(processors, minThreads, seconds),
            _ => StarvationThreads(minThreads, holdSeconds ?? double.PositiveInfinity, seconds, cpuBusy),
        };

    /// <summary>
    /// What the pool grown within a probe allows: from its threads as the window starts (requests in lockstep, as the
    /// static bound judges the minimum) to its threads as it ends (the bound on the mean); a session needs a thread each.
    /// </summary>
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
        var ceiling = end + (int)Math.Floor(HillClimbingMaxChangePerSecond * (warmupSeconds + stepSeconds));
        return new PoolGrowthBound(by, minThreads, start, end, Math.Min(low, high), high, ceiling);
    }
}
