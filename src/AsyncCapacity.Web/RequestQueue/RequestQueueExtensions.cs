using AsyncCapacity.Web.Gauges;
using AsyncCapacity.Web.Settings;

namespace AsyncCapacity.Web.RequestQueue;

public static class RequestQueueExtensions
{
    /// <summary>Nothing runs per request while the queue is off.</summary>
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

    public static IApplicationBuilder UseRequestQueue(this IApplicationBuilder app) =>
        app.ApplicationServices.GetRequiredService<RequestQueueLimiter>().Enabled ? app.UseRateLimiter() : app;

    public static RouteGroupBuilder BehindRequestQueue(this RouteGroupBuilder group, IServiceProvider services) =>
        services.GetRequiredService<RequestQueueLimiter>().Enabled ? group.RequireRateLimiting(RequestQueueLimiter.Policy) : group;
}
