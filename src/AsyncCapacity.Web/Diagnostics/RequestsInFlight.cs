namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Requests the pipeline has started and not finished. Requests still waiting for a thread are not here:
/// they show up as thread-pool queue length instead (FACTS.md §1.4).
/// </summary>
public sealed class RequestsInFlight
{
    private int _count;

    public int Count => Volatile.Read(ref _count);

    public void Enter() => Interlocked.Increment(ref _count);

    public void Exit() => Interlocked.Decrement(ref _count);
}
