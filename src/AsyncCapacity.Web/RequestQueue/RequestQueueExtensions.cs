using AsyncCapacity.Web.Gauges;
using AsyncCapacity.Web.Settings;
using Microsoft.AspNetCore.RateLimiting;

namespace AsyncCapacity.Web.RequestQueue;

public static class RequestQueueExtensions
{
    /// <summary>The request queue's settings, validated at start, and its limiter; nothing runs per request while it is off.</summary>
    public static WebApplicationBuilder AddRequestQueue(this WebApplicationBuilder builder)
    {
        builder.AddValidatedSettings<RequestQueueOptions>(RequestQueueOptions.SectionName);

        builder.Services.AddSingleton<RequestQueueLimiter>();
        builder.Services.AddSingleton<IGaugeSource>(services => services.GetRequiredService<RequestQueueLimiter>());
        builder.Services.AddRateLimiter(limiter =>
        {
            limiter.OnRejected = RequestQueueLimiter.RejectAsync;
            limiter.AddPolicy(RequestQueueLimiter.Policy, context =>
                System.Threading.RateLimiting.RateLimitPartition.Get(
                    RequestQueueLimiter.Policy, _ => context.RequestServices.GetRequiredService<RequestQueueLimiter>().Limiter));
        });
        return builder;
    }

    /// <summary>The rate-limiting middleware, in the pipeline only while the queue is on.</summary>
    public static IApplicationBuilder UseRequestQueue(this IApplicationBuilder app) =>
        app.ApplicationServices.GetRequiredService<RequestQueueLimiter>().Enabled ? app.UseRateLimiter() : app;

    /// <summary>Puts an experiment's endpoints behind the queue while it is on.</summary>
    public static RouteGroupBuilder BehindRequestQueue(this RouteGroupBuilder group, IServiceProvider services) =>
        services.GetRequiredService<RequestQueueLimiter>().Enabled ? group.RequireRateLimiting(RequestQueueLimiter.Policy) : group;
}
