using System.Diagnostics;
using System.Globalization;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Server-Timing starts when the pipeline first runs, so client latency minus it is the time the request waited (in
/// socket buffers or the pool's queue) before the app saw it.
/// </summary>
internal sealed class RequestTimingMiddleware(RequestDelegate next, RequestsInFlight inFlight)
{
    public async Task InvokeAsync(HttpContext context)
    {
        var started = Stopwatch.GetTimestamp();
        context.Response.OnStarting(static state =>
        {
            var (response, startedAt) = ((HttpResponse, long))state;
            var elapsedMs = Stopwatch.GetElapsedTime(startedAt).TotalMilliseconds;
            response.Headers["Server-Timing"] = string.Create(CultureInfo.InvariantCulture, $"app;dur={elapsedMs:0.###}");
            return Task.CompletedTask;
        }, (context.Response, started));

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
}
