using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Content;
using AsyncCapacity.Web.Database;
using AsyncCapacity.Web.Diagnostics;
using AsyncCapacity.Web.Experiments;
using AsyncCapacity.Web.Hosting;
using AsyncCapacity.Web.RequestQueue;
using AsyncCapacity.Web.WebSockets;

namespace AsyncCapacity.Web;

/// <summary>Shared by Program.cs and the test host so both run the same app.</summary>
public static class AsyncCapacityApp
{
    public static WebApplicationBuilder AddAsyncCapacity(this WebApplicationBuilder builder)
    {
        // Configure quiet logs, ProblemDetails and the validated thread-pool knob
        builder.AddCapacityHosting();

        // Configure the runtime sampler (dedicated thread, 1 Hz) and request timing
        builder.AddRuntimeDiagnostics();

        // Configure the database behind the db experiment (none by default: /db/* then answer 503)
        builder.AddLabDatabase();

        // Configure the content pair's catalogue: generated into Content:Directory, then loaded into memory, at start
        builder.AddContentCatalog();

        // Configure the audit pair's writers: a bounded pool of threads, and an asynchronous batch writer
        builder.AddAuditLogs();

        // Configure the request queue in front of the experiments ("Server Too Busy"), off unless RequestQueue:MaxConcurrent is set
        builder.AddRequestQueue();

        // Configure the WebSocket echo pair's session count for the timeline
        builder.AddWebSocketEcho();

        return builder;
    }

    public static WebApplication MapAsyncCapacity(this WebApplication app)
    {
        // Every setting checked, and the thread pool's minimum applied, before anything is mapped or listens
        app.ApplySettings();

        // Time every request (Server-Timing) before anything else runs
        app.UseRequestTiming();

        // Errors and unknown routes answer ProblemDetails
        app.UseExceptionHandler();
        app.UseStatusCodePages();

        // The request queue, while it is on: a concurrency limiter that answers 503 when full
        app.UseRequestQueue();

        // Liveness and runtime figures
        app.MapDiagnostics();

        // WebSocket upgrades for the echo pair (plain requests pass through untouched)
        app.UseWebSockets();

        // The baseline, then every experiment declared in experiments/*.json, each pair differing in one blocking call
        app.MapHello();
        app.MapExperiments();

        return app;
    }
}
