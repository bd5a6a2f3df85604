using System.Globalization;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Load;

internal sealed class K6Generator(K6Tool k6, RepositoryLayout layout, string rawDirectory) : ILoadGenerator
{
    public string Version => k6.Version;

    public static async Task<ILoadGenerator> LocateAsync(
        RepositoryLayout layout, string rawDirectory, CancellationToken cancellationToken) =>
        new K6Generator(await K6Tool.LocateAsync(layout, rawDirectory, cancellationToken), layout, rawDirectory);

    public Task<ILoadRun> StartAsync(LoadSpec spec, CancellationToken cancellationToken) =>
        Task.FromResult<ILoadRun>(Start(spec, cancellationToken));

    private K6Run Start(LoadSpec spec, CancellationToken cancellationToken)
    {
        var resultsFile = Path.Combine(rawDirectory, $"{spec.Name}-k6.json");
        var scenariosStart = new TaskCompletionSource<long>(TaskCreationOptions.RunContinuationsAsynchronously);
        // A held load is read while it runs and stopped once caught up with: through k6's REST API, on loopback.
        var api = spec.Held ? new K6Api(LoopbackPort.Free()) : null;
        var process = k6.Run(layout, layout.SweepScript, K6Environment.Of(spec, layout, resultsFile),
            Path.Combine(rawDirectory, $"{spec.Name}-k6.log"), line => StartedAt(line, scenariosStart), spec.Cpus, api?.Address);
        // The step's name as k6-scripts/lib/sweep.js makes it: its per-second submetrics carry it.
        var step = string.Create(CultureInfo.InvariantCulture, $"{spec.Variant}_c{spec.Load}");
        return new K6Run(process, spec.Name, resultsFile, scenariosStart.Task, process.WaitForExitAsync(cancellationToken), api, step);
    }

    private static void StartedAt(string line, TaskCompletionSource<long> scenariosStart)
    {
        if (RunnerLines.ScenariosStartOf(line) is { } ms)
        {
            scenariosStart.TrySetResult(ms);
        }
    }

    public Task<BaselineLoad> RunBaselineAsync(BaselineSpec spec, Action<int> started, CancellationToken cancellationToken) =>
        K6Baseline.RunAsync(k6, layout, spec, started, cancellationToken);

    private sealed class K6Run(
        ChildProcess process, string name, string resultsFile, Task<long> scenariosStart, Task<int> exited, K6Api? api, string step)
        : ILoadRun
    {
        private bool _stopped;

        public IReadOnlyList<int> ProcessIds => [process.Id];

        public Task<long> ScenariosStart => scenariosStart;

        public Task<int> Exited => exited;

        public async Task<MeasuredRun> ResultsAsync(CancellationToken cancellationToken)
        {
            var exitCode = await exited;
            var stopped = _stopped && exitCode == K6Api.StoppedExitCode;
            if (!(exitCode is 0 or K6Tool.ThresholdsCrossedExitCode || stopped) || !File.Exists(resultsFile))
            {
                var tail = process.Tail();
                throw new LoadFailedException(
                    $"k6 failed (exit {exitCode}) on {name}; see {process.LogPath}:{Environment.NewLine}{tail}", exitCode,
                    RunnerLines.LastWords(tail));
            }

            return K6ResultsFile.Parse(await File.ReadAllTextAsync(resultsFile, cancellationToken), resultsFile);
        }

        public async Task<IReadOnlyList<CountedSecond>> CountedAsync(CancellationToken cancellationToken) =>
            api is null || exited.IsCompleted ? [] : await api.SecondsAsync(step, cancellationToken);

        public async Task StopAsync(CancellationToken cancellationToken)
        {
            if (api is not null && !exited.IsCompleted)
            {
                _stopped = true;
                await api.StopAsync(cancellationToken);
            }
        }

        public ValueTask DisposeAsync()
        {
            api?.Dispose();
            return process.DisposeAsync();
        }
    }
}
