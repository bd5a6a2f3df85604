namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Requests the pipeline has started and not finished. Requests still waiting for a thread are not here, nor in the
/// framework's own http.server.active_requests: the hosting layer counts a request only once it has parsed its headers
/// and created its HttpContext (https://learn.microsoft.com/dotnet/core/diagnostics/built-in-metrics-aspnetcore).
/// They show up as thread-pool queue length instead.
/// </summary>
public sealed class RequestsInFlight
{
    private int _count;

    public int Count => Volatile.Read(ref _count);

    public void Enter() => Interlocked.Increment(ref _count);

    public void Exit() => Interlocked.Decrement(ref _count);
}
