using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Targets;

/// <summary>FreshApps and UserApps start a new process for every probe, so no probe inherits threads grown by another;
/// RunningTarget is an app someone else runs, with a cool-down before every probe but the first.</summary>
internal interface IAppSource : IAsyncDisposable
{
    AppTarget Target { get; }

    RunIsolation Isolation { get; }

    string? SkippedReason(Experiment experiment);

    Task<IRunningApp> StartAsync(Experiment experiment, ProbeRun probe, CancellationToken cancellationToken);
}

/// <summary><c>Name</c> names its files: "sleep-sync-c50-r2".</summary>
/// <param name="Parameters">The experiment's, as this sweep set them (a TLS listener is one).</param>
internal sealed record ProbeRun(
    string Name, string Variant, int Concurrency, IReadOnlyDictionary<string, string> Parameters,
    IReadOnlyDictionary<string, string>? Telemetry = null);

internal interface IRunningApp : IAsyncDisposable
{
    Uri Url { get; }

    int? ProcessId => null;

    Uri LoadUrl => Url;

    /// <summary>k6 waits for every WebSocket session's close handshake before it ends, and a starved app answers late.</summary>
    ValueTask<bool> EndSessionsAsync() => ValueTask.FromResult(false);

    Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken);

    /// <summary>A fresh app is stopped first: a starved app would answer only after its whole queue.</summary>
    Task<IReadOnlyList<RuntimeSample>> FinishAsync(MeasuredRun summary, CancellationToken cancellationToken);
}
