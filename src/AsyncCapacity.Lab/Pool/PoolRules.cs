using AsyncCapacity.Lab.Laws;

namespace AsyncCapacity.Lab.Pool;

/// <summary>
/// The managed thread pool's rules, as .NET 10's sources give them (dotnet/runtime, src/libraries/System.Private.CoreLib/src/
/// System/Threading/: PortableThreadPool.cs, PortableThreadPool.GateThread.cs, PortableThreadPool.Blocking.cs,
/// PortableThreadPool.HillClimbing.cs, PortableThreadPool.WorkerThread.cs). Only the defaults: the lab's apps set none of the
/// runtime's knobs but the pool's minimum (--min-threads). tests/…/Docs/PrimerRuntimeTests.cs reads the ones the runtime keeps in
/// fields from the runtime that runs the tests.
/// </summary>
public static class PoolRules
{
    /// <summary>GateThread.GateActivitiesPeriodMs: the gate thread's starvation check runs this often.</summary>
    public const int GatePeriodMs = (int)(PoolGrowth.GatePeriodSeconds * 1000);

    /// <summary>GateThread.DequeueDelayThresholdMs: with the CPU busy, starvation waits NumThreadsGoal × this since the last
    /// dequeue, not <see cref="GatePeriodMs"/>.</summary>
    public const int BusyDequeueDelayMs = (int)(PoolGrowth.BusyDequeueDelayPerThreadSeconds * 1000);

    /// <summary>PortableThreadPool.CpuUtilizationLow: below it, a dequeue older than <see cref="GatePeriodMs"/> is starvation.</summary>
    public const int CpuUtilizationLow = 80;

    /// <summary>PortableThreadPool.CpuUtilizationHigh: above it, hill climbing refuses to add threads.</summary>
    public const int CpuUtilizationHigh = 95;

    /// <summary>Blocking.cs: cooperative blocking adds ProcessorCount × this threads above the minimum at once.</summary>
    public const int ThreadsToAddWithoutDelayPerProcessor = 1;

    /// <summary>Blocking.cs: then each next thread waits DelayStepMs more for every ProcessorCount × this threads added.</summary>
    public const int ThreadsPerDelayStepPerProcessor = 1;

    public const int BlockingDelayStepMs = (int)(PoolGrowth.DelayStepSeconds * 1000);

    public const int BlockingMaxDelayMs = (int)(PoolGrowth.MaxDelaySeconds * 1000);

    /// <summary>WorkerThread: an idle worker exits after this long without work.</summary>
    public const int ThreadTimeoutMs = 20_000;

    /// <summary>HillClimbing.cs: its defaults.</summary>
    public const int WavePeriod = 4;

    public const int MaxWaveMagnitude = 20;

    public const int WaveHistorySize = 8;

    public const double TargetThroughputRatio = 0.15;

    public const double TargetSignalToNoiseRatio = 3.0;

    public const double MaxChangePerSecond = HillClimbing.MaxChangePerSecond;

    public const double MaxChangePerSample = HillClimbing.MaxChangePerSample;

    public const int SampleIntervalLowMs = 10;

    public const int SampleIntervalHighMs = 200;

    public const double ErrorSmoothingFactor = 0.01;

    public const double GainExponent = 2.0;

    public const double MaxSampleError = 0.15;

    /// <summary>The most threads the pool allows (short.MaxValue).</summary>
    public const int MaxThreads = short.MaxValue;

    /// <summary>The delay cooperative blocking waits before adding the thread after <paramref name="goal"/>: none up to the minimum
    /// and ProcessorCount more, then one step per ProcessorCount threads added, at most <see cref="BlockingMaxDelayMs"/>.</summary>
    public static int BlockingDelayMs(int goal, int minThreads, int processors)
    {
        var withoutDelay = minThreads + (ThreadsToAddWithoutDelayPerProcessor * processors);
        var steps = 1 + ((goal - withoutDelay) / (ThreadsPerDelayStepPerProcessor * processors));
        return Math.Min(Math.Max(1, steps) * BlockingDelayStepMs, BlockingMaxDelayMs);
    }

    /// <summary>The CPU of one transport work item before a request's handler (<see cref="PoolShape.IoHops"/>): a socket read
    /// and a pipe write, microseconds.</summary>
    public const double IoHopCpuMs = 0.02;
}
