namespace AsyncCapacity.Lab.Pool;

/// <summary>What a request does with a pool thread, as the lab knows its variant.</summary>
public enum Blocking
{
    /// <summary>Awaits: no thread is held while it waits; a timer's continuation finishes it on a pool thread.</summary>
    Awaits,

    /// <summary>Holds its thread and tells the pool nothing (Thread.Sleep, a sync socket read, a lock): starvation and hill
    /// climbing only.</summary>
    Sleeps,

    /// <summary>Blocks its thread on a task (.Result, .Wait(), GetAwaiter().GetResult()): the pool is told (cooperative blocking),
    /// and the task's continuation queues behind the requests for a thread of its own before the blocked one can go on.</summary>
    WaitsOnTask,
}

/// <summary>A variant and its load as the simulation runs them: a closed loop of <paramref name="Clients"/> clients without think
/// time, each request waiting <paramref name="HoldMs"/> in the way <paramref name="How"/> says and costing
/// <paramref name="CpuMs"/> of CPU, on an app with <paramref name="Processors"/> processors and a pool minimum of
/// <paramref name="MinThreads"/>.</summary>
public sealed record PoolShape(Blocking How, int Clients, double HoldMs, int Processors, int MinThreads, double CpuMs = 0.15)
{
    /// <summary>Short work items a request passes through before its handler runs, each queued behind whatever waits for a
    /// thread: Kestrel's socket transport can hand a readable socket to the pool (SocketAsyncEngine's event work item, its
    /// IOQueue) and resume the server's loop there (PipeScheduler.ThreadPool, unless UnsafePreferInlineScheduling). None by
    /// default: modelled as 1 to 3 hops, the recorded held loads did not fit better overall (docs/findings.md), so the forecast
    /// keeps the simpler model and `capacity forecast --io-hops N` asks the question.</summary>
    public int IoHops { get; init; }

    public static PoolShape Of(Blocking how, int clients, double holdMs, int processors, int? minThreads = null, double cpuMs = 0.15) =>
        new(how, clients, holdMs, processors, minThreads ?? processors, cpuMs);
}
