namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Requests waiting for a thread are not here, nor in http.server.active_requests, but in the pool's queue
/// (https://learn.microsoft.com/dotnet/core/diagnostics/built-in-metrics-aspnetcore).
/// </summary>
public sealed class RequestsInFlight
{
    private int _count;

    public int Count => Volatile.Read(ref _count);

    public void Enter() => Interlocked.Increment(ref _count);

    public void Exit() => Interlocked.Decrement(ref _count);
}
