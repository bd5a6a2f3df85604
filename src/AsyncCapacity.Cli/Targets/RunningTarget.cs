using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Targets;

/// <summary>An app someone else started (--target, or compose's APP_URL):
/// one k6 run per probe, a cool-down before each but the first.</summary>
/// <param name="processId">--target-pid: the app's process on this machine, so its runtime and stacks can be read from outside.</param>
internal sealed class RunningTarget(Uri url, double cooldownSeconds, int? processId = null) : IAppSource
{
    public AppTarget Target => AppTarget.Url(url.ToString(), processId);

    public RunIsolation Isolation => new(RunIsolationKind.OneProcessPerRun) { CooldownSeconds = cooldownSeconds };

    /// <param name="readyPath">--app-ready: any answer below 500 counts; null: the lab's own /healthz.</param>
    public static async Task<RunningTarget> CheckAsync(
        Uri url, double cooldownSeconds, int? processId, string? readyPath, CancellationToken cancellationToken)
    {
        var client = new AppClient(url);
        if (readyPath is null ? await client.IsHealthyAsync(cancellationToken) : await client.AnswersAsync(readyPath, cancellationToken))
        {
            return new RunningTarget(url, cooldownSeconds, processId);
        }

        throw new HarnessException(readyPath is null
            ? $"The target {url} is not answering /healthz. Start it (dotnet run -c Release --project src/AsyncCapacity.Web -- --urls "
                + $"{url}), fix --target, or, for an app of your own, give a path it serves with --app-ready."
            : $"The target {url} did not answer GET {readyPath} (any answer below 500 counts). Start it, or fix --target or --app-ready.");
    }

    public string? SkippedReason(Experiment experiment) => null;

    private int _probes;

    public async Task<IRunningApp> StartAsync(Experiment experiment, ProbeRun probe, CancellationToken cancellationToken)
    {
        if (Interlocked.Increment(ref _probes) > 1 && cooldownSeconds > 0)
        {
            await Task.Delay(TimeSpan.FromSeconds(cooldownSeconds), cancellationToken);
        }

        return new Running(url, processId);
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    private sealed class Running(Uri url, int? processId) : IRunningApp
    {
        public Uri Url => url;

        public int? ProcessId => processId;

        public Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken) =>
            new AppClient(url).GetRuntimeAsync(long.MaxValue, cancellationToken);

        public async Task<IReadOnlyList<RuntimeSample>> FinishAsync(MeasuredRun summary, CancellationToken cancellationToken) =>
            (await new AppClient(url).GetRuntimeAsync(summary.StartedAtMs - 2000, cancellationToken))?.Timeline ?? [];

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
