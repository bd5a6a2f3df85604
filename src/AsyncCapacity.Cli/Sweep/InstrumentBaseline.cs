using System.Globalization;
using System.Text.Json;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>
/// `capacity sweep --baseline`: the lab's app and bench/MinimalApp in alternating rounds, so that drift on a shared
/// machine falls on both.
/// </summary>
internal static class InstrumentBaseline
{
    private const int Clients = BaselineSize.Clients;

    private const int Rounds = BaselineSize.Rounds;

    public static async Task<InstrumentOverhead> MeasureAsync(
        RepositoryLayout layout, SweepRequest request, FreshApps apps, K6Tool k6, HostCpuSampler cpu, string rawDirectory,
        ConsoleProgress progress, CancellationToken cancellationToken)
    {
        progress.Info($"Baseline: the app's /hello against bench/MinimalApp's, {Clients} clients, {Rounds} alternating rounds "
            + $"(about {BaselineSize.Duration(request).TotalMinutes:0.#} min).");
        await WebApp.BuildMinimalAsync(layout, rawDirectory, cancellationToken);

        var rps = new Dictionary<string, List<double>> { ["minimal"] = [], ["app"] = [] };
        var loadGeneratorCpu = new List<double>();
        for (var round = 1; round <= Rounds; round++)
        {
            foreach (var (name, measured) in rps)
            {
                var label = $"baseline-{name}-r{round}";
                await using var app = name == "minimal"
                    ? await WebApp.StartMinimalAsync(
                        layout, Path.Combine(rawDirectory, $"{label}-app.log"), cancellationToken, request.Isolation?.AppCpus)
                    : await apps.StartBaselineAsync(label, cancellationToken);
                var (result, cpuWindow) = await RunK6Async(
                    layout, request, k6, cpu, app.Url, Path.Combine(rawDirectory, label), cancellationToken);
                measured.Add(result.Rps);
                if (cpuWindow is { } window)
                {
                    loadGeneratorCpu.Add(window.LoadGeneratorPercent);
                }

                progress.Info($"  round {round}/{Rounds} {name,-7} {result.Rps,9:#,0} req/s   "
                    + $"p95 {result.P95Ms,6:0.0} ms   errors {result.ErrorRate:0.0%}");
            }
        }

        var (appRps, minimalRps) = (rps["app"].Median(), rps["minimal"].Median());
        return new InstrumentOverhead("/hello", Clients, request.StepSeconds, Rounds, Math.Round(appRps, 1), Math.Round(minimalRps, 1),
            Math.Round(appRps / minimalRps, 3), loadGeneratorCpu.Count > 0 ? Math.Round(loadGeneratorCpu.Average(), 1) : null);
    }

    private static async Task<(BaselineResult Result, HostCpu? Cpu)> RunK6Async(
        RepositoryLayout layout, SweepRequest request, K6Tool k6, HostCpuSampler cpu, Uri url, string files,
        CancellationToken cancellationToken)
    {
        var resultsFile = files + "-k6.json";
        var environment = new Dictionary<string, string>
        {
            ["BASE_URL"] = url.ToString().TrimEnd('/'),
            ["CLIENTS"] = Clients.ToString(CultureInfo.InvariantCulture),
            ["WARMUP_SECONDS"] = request.WarmupSeconds.ToString(CultureInfo.InvariantCulture),
            ["STEP_SECONDS"] = request.StepSeconds.ToString(CultureInfo.InvariantCulture),
            ["RESULTS_FILE"] = resultsFile,
            ["K6_NO_USAGE_REPORT"] = "true",
        };
        await using var process = k6.Run(
            layout, layout.BaselineScript, environment, files + "-k6.log", cpus: request.Isolation?.LoadGeneratorCpus);
        cpu.Track(process.Id);
        var measureFrom = DateTimeOffset.UtcNow.AddSeconds(request.WarmupSeconds + 1).ToUnixTimeMilliseconds();
        var exitCode = await process.WaitForExitAsync(cancellationToken);
        var measureTo = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        if (exitCode != 0 || !File.Exists(resultsFile))
        {
            throw new HarnessException(
                $"k6 failed (exit {exitCode}) on the baseline against {url}; see {process.LogPath}:{Environment.NewLine}{process.Tail()}");
        }

        var result = JsonSerializer.Deserialize<BaselineResult>(
                await File.ReadAllTextAsync(resultsFile, cancellationToken), WireJson.Options)
            ?? throw new HarnessException($"k6 wrote an empty baseline result: {resultsFile}");
        if (result.Requests == 0 || result.ErrorRate > 0.01)
        {
            throw new HarnessException($"The baseline against {url} is not a measurement: {result.Requests} requests, "
                + $"{result.ErrorRate:0.##%} errors; see {process.LogPath}.");
        }

        return (result, cpu.Window(measureFrom, measureTo));
    }

    /// <summary>What k6-scripts/baseline.js writes (format asynccapacity-k6-baseline/1).</summary>
    private sealed record BaselineResult(long Requests, double Rps, double ErrorRate, double? P50Ms, double? P95Ms);
}
