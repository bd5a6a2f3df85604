using System.Globalization;
using System.Text.Json;

namespace AsyncCapacity.Cli.Load;

internal static class K6Baseline
{
    public static async Task<BaselineLoad> RunAsync(K6Tool k6, RepositoryLayout layout, BaselineSpec spec, Action<int> started,
        CancellationToken cancellationToken)
    {
        var resultsFile = spec.Files + "-k6.json";
        var environment = new Dictionary<string, string>
        {
            ["BASE_URL"] = spec.Url.ToString().TrimEnd('/'),
            ["CLIENTS"] = spec.Clients.ToString(CultureInfo.InvariantCulture),
            ["WARMUP_SECONDS"] = spec.WarmupSeconds.ToString(CultureInfo.InvariantCulture),
            ["STEP_SECONDS"] = spec.StepSeconds.ToString(CultureInfo.InvariantCulture),
            ["RESULTS_FILE"] = resultsFile,
            ["K6_NO_USAGE_REPORT"] = "true",
        };
        await using var process = k6.Run(layout, layout.BaselineScript, environment, spec.Files + "-k6.log", cpus: spec.Cpus);
        started(process.Id);
        var measureFrom = DateTimeOffset.UtcNow.AddSeconds(spec.WarmupSeconds + 1).ToUnixTimeMilliseconds();
        var exitCode = await process.WaitForExitAsync(cancellationToken);
        var measureTo = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        if (exitCode != 0 || !File.Exists(resultsFile))
        {
            throw new HarnessException($"k6 failed (exit {exitCode}) on the baseline against {spec.Url}; "
                + $"see {process.LogPath}:{Environment.NewLine}{process.Tail()}");
        }

        var result = JsonSerializer.Deserialize<BaselineLoad>(
                await File.ReadAllTextAsync(resultsFile, cancellationToken), WireJson.Options)
            ?? throw new HarnessException($"k6 wrote an empty baseline result: {resultsFile}");
        if (result.Requests == 0 || result.ErrorRate > 0.01)
        {
            throw new HarnessException($"The baseline against {spec.Url} is not a measurement: {result.Requests} requests, "
                + $"{result.ErrorRate:0.##%} errors; see {process.LogPath}.");
        }

        return result with { MeasureFromMs = measureFrom, MeasureToMs = measureTo };
    }
}

internal sealed record BaselineSpec(Uri Url, int Clients, double WarmupSeconds, double StepSeconds, string Files, string? Cpus);

/// <summary>What k6-scripts/baseline.js writes (format asynccapacity-k6-baseline/1), and when its window was.</summary>
internal sealed record BaselineLoad(long Requests, double Rps, double ErrorRate, double? P50Ms, double? P95Ms)
{
    public long MeasureFromMs { get; init; }

    public long MeasureToMs { get; init; }
}
