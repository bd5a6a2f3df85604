using System.Globalization;
using AsyncCapacity.Report.K6;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>An app someone else started (--target, or compose's long-lived app with APP_URL): one k6 run per probe, a cool-down before each but the first.</summary>
internal sealed class RunningTarget(Uri url, double cooldownSeconds) : IAppSource
{
    public string Target => url.ToString();

    public string Isolation => string.Create(CultureInfo.InvariantCulture,
        $"one app process for all probes, {cooldownSeconds:0.#} s cool-down between probes (idle pool threads retire after ~20 s)");

    public static async Task<RunningTarget> CheckAsync(Uri url, double cooldownSeconds, CancellationToken cancellationToken) =>
        await new AppClient(url).IsHealthyAsync(cancellationToken)
            ? new RunningTarget(url, cooldownSeconds)
            : throw new HarnessException(
                $"The target {url} is not answering /healthz. Start it (dotnet run -c Release --project src/AsyncCapacity.Web -- --urls {url}) or fix --target.");

    public string? SkippedReason(Experiment experiment) => null;

    public double CooldownSeconds => cooldownSeconds;

    public Task<IRunningApp> StartAsync(Experiment experiment, ProbeRun probe, CancellationToken cancellationToken) =>
        Task.FromResult<IRunningApp>(new Running(url));

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    private sealed class Running(Uri url) : IRunningApp
    {
        public Uri Url => url;

        public Task<RuntimeReport?> DescribeAsync(CancellationToken cancellationToken) =>
            new AppClient(url).GetRuntimeAsync(long.MaxValue, cancellationToken);

        public async Task<IReadOnlyList<RuntimeSample>> FinishAsync(K6Summary summary, CancellationToken cancellationToken) =>
            (await new AppClient(url).GetRuntimeAsync(summary.StartedAtMs - 2000, cancellationToken))?.Timeline ?? [];

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
