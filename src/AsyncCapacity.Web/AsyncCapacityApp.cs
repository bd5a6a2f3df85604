using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Content;
using AsyncCapacity.Web.Database;
using AsyncCapacity.Web.Diagnostics;
using AsyncCapacity.Web.Experiments;
using AsyncCapacity.Web.Hosting;
using AsyncCapacity.Web.RequestQueue;
using AsyncCapacity.Web.WebSockets;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web;

/// <summary>Shared by Program.cs and the test host so both run the same app.</summary>
public static class AsyncCapacityApp
{
    public static WebApplicationBuilder AddAsyncCapacity(this WebApplicationBuilder builder)
    {
        // bench/pipeline.sh leaves pieces out, a run at a time, to measure what each costs a request; nothing else does
        var bench = BenchOptions.Read(builder.Configuration);

        // Configure quiet logs, ProblemDetails and the validated thread-pool knob
        builder.AddCapacityHosting(problemDetails: bench.Keeps(BenchOptions.ProblemDetails));

        // Configure the runtime sampler (dedicated thread, 1 Hz) and request timing
        builder.AddRuntimeDiagnostics(readers: bench.Keeps(BenchOptions.RuntimeReaders));

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
        var bench = app.Services.GetRequiredService<IOptions<BenchOptions>>().Value;

        // Time every request (Server-Timing) before anything else runs
        app.UnlessBenched(bench, BenchOptions.Timing, pipeline => pipeline.UseRequestTiming());

        // Errors and unknown routes answer ProblemDetails
        app.UnlessBenched(bench, BenchOptions.ExceptionHandler, pipeline => pipeline.UseExceptionHandler());
        app.UnlessBenched(bench, BenchOptions.StatusPages, pipeline => pipeline.UseStatusCodePages());

        // The request queue, while it is on: a concurrency limiter that answers 503 when full
        app.UseRequestQueue();

        // Liveness and runtime figures
        app.MapDiagnostics();

        // WebSocket upgrades for the echo pair, on upgrade requests only: a plain request never meets the middleware
        app.UnlessBenched(bench, BenchOptions.WebSockets, pipeline => pipeline.UseWebSocketUpgrades());

        // The baseline, then every experiment declared in experiments/*.json, each pair differing in one blocking call
        app.MapHello();
        app.UnlessBenched(bench, BenchOptions.Experiments, routes => routes.MapExperiments());

        return app;
    }

    private static void UnlessBenched(this WebApplication app, BenchOptions bench, string piece, Action<WebApplication> add)
    {
        if (bench.Keeps(piece))
        {
            add(app);
        }
    }
}
