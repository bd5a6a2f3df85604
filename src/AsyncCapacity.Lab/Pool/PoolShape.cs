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
    public static PoolShape Of(Blocking how, int clients, double holdMs, int processors, int? minThreads = null, double cpuMs = 0.15) =>
        new(how, clients, holdMs, processors, minThreads ?? processors, cpuMs);
}
