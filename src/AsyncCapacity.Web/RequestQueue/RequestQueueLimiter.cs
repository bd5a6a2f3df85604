using System.Threading.RateLimiting;
using AsyncCapacity.Web.Gauges;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.RateLimiting;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.RequestQueue;

/// <summary>Its refusals are decided at once, never by a thread that waits.</summary>
public sealed class RequestQueueLimiter(IOptions<RequestQueueOptions> options) : IGaugeSource, IDisposable
{
    public const string Policy = "request-queue";

    private readonly ConcurrencyLimiter? _limiter = options.Value.Enabled
        ? new ConcurrencyLimiter(new ConcurrencyLimiterOptions
        {
            PermitLimit = options.Value.MaxConcurrent,
            QueueLimit = options.Value.LimitOrDefault,
            QueueProcessingOrder = QueueProcessingOrder.OldestFirst,
        })
        : null;

    // Counted here, where a request is refused: the limiter's own failed-lease count also counts each queued request's
    // first, synchronous attempt (the middleware tries AttemptAcquire before it queues with AcquireAsync).
    private long _rejected;

    public bool Enabled => _limiter is not null;

    public RequestQueueOptions Options => options.Value;

    internal RateLimiter Limiter =>
        _limiter ?? throw new InvalidOperationException("The request queue is off (RequestQueue:MaxConcurrent is 0).");

    public void Read(IDictionary<string, double> gauges)
    {
        if (_limiter?.GetStatistics() is not { } statistics)
        {
            return;
        }

        gauges[GaugeKeys.QueueWaiting] = statistics.CurrentQueuedCount;
        gauges[GaugeKeys.QueueServing] = options.Value.MaxConcurrent - statistics.CurrentAvailablePermits;
        gauges[GaugeKeys.QueueRejected] = Interlocked.Read(ref _rejected);
        gauges[GaugeKeys.QueueLimit] = options.Value.LimitOrDefault;
    }

    public void Dispose() => _limiter?.Dispose();

    internal static ValueTask RejectAsync(OnRejectedContext context, CancellationToken cancellationToken)
    {
        var http = context.HttpContext;
        var queue = http.RequestServices.GetRequiredService<RequestQueueLimiter>();
        Interlocked.Increment(ref queue._rejected);
        var settings = queue.Options;
        http.Response.StatusCode = StatusCodes.Status503ServiceUnavailable;
        http.Response.Headers.RetryAfter = settings.RetryAfterSecondsOrDefault.ToString(System.Globalization.CultureInfo.InvariantCulture);
        return http.RequestServices.GetRequiredService<IProblemDetailsService>().WriteAsync(new ProblemDetailsContext
        {
            HttpContext = http,
            ProblemDetails = new ProblemDetails
            {
                Status = StatusCodes.Status503ServiceUnavailable,
                Title = "Server too busy",
                Detail = $"The request queue is full: {settings.MaxConcurrent} requests are being served and "
                    + $"{settings.LimitOrDefault} are waiting (RequestQueue:MaxConcurrent, RequestQueue:Limit); "
                    + $"retry after {settings.RetryAfterSecondsOrDefault} s.",
            },
        });
    }
}
