using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>What the injection laws need of a variant to forecast its catch-up: how the runtime adds threads while it blocks,
/// how long a request (or a session) holds one, the pool as it starts, and any other resource that caps the load whatever
/// the threads.</summary>
/// <param name="ResponseSeconds">R₀, a request's time at the lightest load: a client waits whole rounds of it for a thread.</param>
/// <param name="CeilingLoad">The most clients another resource allows within the SLA (the connection pool, the writers, the
/// CPU); null where threads are the only limit.</param>
public sealed record PoolFacts(
    PoolInjection By,
    int Processors,
    int MinThreads,
    double HoldSeconds,
    double ResponseSeconds,
    bool Sessions,
    double SlaSeconds,
    int? CeilingLoad = null,
    ResourceKind? CeilingResource = null,
    bool CpuBusy = false)
{
    /// <summary>Clients in a closed loop, each request holding a thread for R₀, are served in lockstep rounds: with T threads a
    /// request waits ⌈clients ÷ T⌉ rounds, so within the SLA it may wait ⌊SLA ÷ R₀⌋ of them. A session holds its thread for
    /// its life, and one more thread must be free to run the sockets' completions. A request blocked on a task (sync over
    /// async, cooperative blocking) is released only by the task's continuation, which needs a pool thread too and queues
    /// behind the requests waiting for one: while the load is behind, every request in flight holds its thread, so catching
    /// up takes a thread per client (tests/ShapesApp's get-result and task-run caught up with 62–345 clients at 62–345
    /// threads, docs/workshop/runs/horizon-shapes.json).</summary>
    public int ThreadsNeeded(int load) => Sessions
        ? load + 1
        : By == PoolInjection.CooperativeBlocking
            ? load
            : (int)Math.Ceiling(load / (double)Math.Max(1, (int)Math.Floor(SlaSeconds / ResponseSeconds)));
}
