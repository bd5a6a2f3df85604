using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Targets;

/// <summary>Where the app under test comes from: <see cref="FreshApps"/> (the lab's) and <see cref="UserApps"/> (yours) start a new process
/// for every probe, so no probe inherits threads grown by another; <see cref="RunningTarget"/> is an app someone else runs, with a
/// cool-down before every probe but the first. The sweep runs one loop over all three.</summary>
internal interface IAppSource : IAsyncDisposable
{
    /// <summary>What the run header says of the target and of how steps were isolated.</summary>
    AppTarget Target { get; }

    RunIsolation Isolation { get; }

    string? SkippedReason(Experiment experiment);

    /// <summary>The app for one probe: a fresh one, or the target after a cool-down (idle threads retire) but before the first.</summary>
    Task<IRunningApp> StartAsync(Experiment experiment, ProbeRun probe, CancellationToken cancellationToken);
}

/// <summary>One probe: one k6 run of one variant at one load, against one app. <c>Name</c> names its files: "sleep-sync-c50-r2".</summary>
/// <param name="Telemetry">The app's OTEL_* variables under --live (where to export, the probe's tags); null: no export.</param>
internal sealed record ProbeRun(string Name, string Variant, int Concurrency, IReadOnlyDictionary<string, string>? Telemetry = null);

internal interface IRunningApp : IAsyncDisposable
{
    Uri Url { get; }

    /// <summary>The app's process, when the sweep started it or --target-pid gave it (its stacks can then be taken); else null.</summary>
    int? ProcessId => null;

    /// <summary>Where k6 sends the load: the app's TLS listener for a sweep over TLS (websocket.tls=true),
    /// else <see cref="Url"/>.</summary>
    Uri LoadUrl => Url;

    /// <summary>Ends the sessions the app still holds, because k6 waits for every WebSocket session's close handshake before it ends and a
    /// starved app answers late: a fresh app is stopped (its steps are over); an app someone else runs cannot be (false).</summary>
    ValueTask<bool> EndSessionsAsync() => ValueTask.FromResult(false);

    Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken);

    /// <summary>The app's timeline over the batch.
    /// A fresh app is stopped first: a starved app would answer only after its whole queue.</summary>
    Task<IReadOnlyList<RuntimeSample>> FinishAsync(MeasuredRun summary, CancellationToken cancellationToken);
}
