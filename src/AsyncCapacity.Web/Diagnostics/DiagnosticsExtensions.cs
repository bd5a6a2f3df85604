using AsyncCapacity.Web.Gauges;
using AsyncCapacity.Web.Settings;

namespace AsyncCapacity.Web.Diagnostics;

public static class DiagnosticsExtensions
{
    /// <param name="readers">False only for bench/pipeline.sh: nothing reads the runtime beside the requests, and the
    /// listeners are made only if /diag/runtime is asked.</param>
    public static WebApplicationBuilder AddRuntimeDiagnostics(this WebApplicationBuilder builder, bool readers = true)
    {
        builder.AddValidatedSettings<DiagnosticsOptions>(DiagnosticsOptions.SectionName);

        builder.Services.AddSingleton<RequestsInFlight>();
        builder.Services.AddSingleton(services =>
            new RuntimeTimeline(services.GetRequiredService<Microsoft.Extensions.Options.IOptions<DiagnosticsOptions>>()
                .Value.TimelineCapacity));
        // Kestrel's open connections for the timeline: what the C10k experiment holds (its gauge "connections").
        builder.Services.AddSingleton<IGaugeSource, ConnectionGauge>();
        // The thread pool's goal changes by reason, counted from the runtime's own events (created with the sampler, at start).
        builder.Services.AddSingleton<ThreadPoolAdjustments>();
        // What only the app knows, as the meter "AsyncCapacity" that readers outside the process collect (made at start).
        builder.Services.AddSingleton<LabMeter>();
        builder.Services.AddSingleton<RuntimeSampler>();
        if (readers)
        {
            builder.Services.AddHostedService(services => services.GetRequiredService<LabMeter>());
            builder.Services.AddHostedService(services => services.GetRequiredService<RuntimeSampler>());
        }

        builder.Services.AddHealthChecks();
        return builder;
    }

    public static IApplicationBuilder UseRequestTiming(this IApplicationBuilder app) =>
        app.UseMiddleware<RequestTimingMiddleware>();
}
