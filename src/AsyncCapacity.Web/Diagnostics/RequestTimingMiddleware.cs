using System.Diagnostics;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Server-Timing starts when the pipeline first runs, so client latency minus it is the time the request waited (in
/// socket buffers or the pool's queue) before the app saw it.
/// </summary>
internal sealed class RequestTimingMiddleware(RequestDelegate next, RequestsInFlight inFlight)
{
    // Static and cached: the one allocation per request is the clock it is given.
    private static readonly Func<object, Task> WriteServerTiming = static state =>
    {
        var clock = (RequestClock)state;
        clock.Response.Headers[ServerTimingValue.HeaderName] = ServerTimingValue.Of(Stopwatch.GetElapsedTime(clock.Started));
        return Task.CompletedTask;
    };

    public async Task InvokeAsync(HttpContext context)
    {
        context.Response.OnStarting(WriteServerTiming, new RequestClock(context.Response, Stopwatch.GetTimestamp()));
        inFlight.Enter();
        try
        {
            await next(context);
        }
        finally
        {
            inFlight.Exit();
        }
    }

    private sealed record RequestClock(HttpResponse Response, long Started);
}
