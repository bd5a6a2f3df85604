


using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;

namespace AsyncCapacity.Cli.Live;

/// <summary>The sweep's live view (`--live`): the Aspire dashboard it starts, or the user's endpoint, and the telemetry every probe is
/// pointed at. A dashboard that cannot be had costs the sweep its live view, never its run.</summary>
internal sealed class LiveSession : IAsyncDisposable
{
    private readonly AspireDashboard? _dashboard;
    private readonly bool _keep;

    private LiveSession(LiveTelemetry? telemetry, AspireDashboard? dashboard, bool keep)
    {
        (Telemetry, _dashboard, _keep) = (telemetry, dashboard, keep);
    }

    /// <summary>Where probes send their metrics; null without --live or when the dashboard could not start.</summary>
    public LiveTelemetry? Telemetry { get; }

    public static LiveSession Off { get; } = new(null, null, keep: false);

    public static async Task<LiveSession> StartAsync(
        LiveChoice? choice, RepositoryLayout layout, string logDirectory, ConsoleProgress progress, CancellationToken cancellationToken)
    {
        if (choice is null)
        {
            return Off;
        }

        if (choice.Endpoint is { } endpoint)
        {
            var external = LiveTelemetry.External(endpoint);
            progress.Info($"Live: every probe's app and k6 send their metrics over OTLP ({external.Protocol}) to {endpoint}.");
            return new LiveSession(external, null, keep: false);
        }

        try
        {
            progress.Info("Live: starting the Aspire dashboard (its NuGet package is restored the first time)...");
            var dashboard = await AspireDashboard.StartAsync(layout, logDirectory, choice.Keep, cancellationToken);
            var telemetry = new LiveTelemetry(dashboard.OtlpGrpc, "grpc", dashboard.Url, dashboard.OtlpHeaders);
            progress.Info($"Live: open {dashboard.LoginUrl} (the Aspire dashboard; the link carries its token): "
                + $"Metrics, then a variant's app ({LiveTelemetry.AppServiceName}-<experiment>-<variant>, or "
                + $"{ReaderExport.ServiceName}-… for an app of yours) or its k6 ({LiveTelemetry.K6ServiceName}-<experiment>-<variant>), "
                + "its probes on one timeline.");
            return new LiveSession(telemetry, dashboard, choice.Keep);
        }
        catch (HarnessException ex)
        {
            progress.Warn($"--live: {ex.Message}. The sweep runs without the live view.");
            return Off;
        }
    }

    /// <summary>After a sweep that ended well: with --live keep the dashboard stays up, said where, and how to stop it.</summary>
    public void Finish(ConsoleProgress progress)
    {
        if (_keep && _dashboard is { } dashboard)
        {
            dashboard.Keep();
            var pid = dashboard.ProcessId;
            progress.Info($"Live: the Aspire dashboard stays up at {dashboard.LoginUrl} (process {pid}; `kill {pid}` stops it).");
        }
    }

    public ValueTask DisposeAsync() => _dashboard?.DisposeAsync() ?? ValueTask.CompletedTask;
}
