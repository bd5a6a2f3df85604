using System.Globalization;
using System.Text;
using System.Text.Json;
using AsyncCapacity.Lab.Measure;

namespace AsyncCapacity.Cli.Load;

/// <summary>k6's REST API (`k6 run --address`, on loopback): a held load's seconds as k6 has counted them so far, read from the
/// per-second submetrics k6-scripts/lib/sweep.js declares with PER_SECOND=1, and the stop that ends the held load early. k6 then still
/// runs handleSummary, so the results file is written as after a full step (k6 exits with code 103).</summary>
internal sealed class K6Api(int port) : IDisposable
{
    /// <summary>k6's exit code after a stop from its REST API.</summary>
    public const int StoppedExitCode = 103;

    private readonly HttpClient _http = new() { BaseAddress = new Uri($"http://127.0.0.1:{port}"), Timeout = TimeSpan.FromSeconds(5) };

    public string Address => $"127.0.0.1:{port}";

    /// <summary>Every second k6 has a submetric for, counted so far; a second still running reads as far as it has got.</summary>
    public async Task<IReadOnlyList<CountedSecond>> SecondsAsync(string step, CancellationToken cancellationToken)
    {
        using var document = JsonDocument.Parse(await _http.GetStringAsync("/v1/metrics", cancellationToken));
        var seconds = new SortedDictionary<int, CountedSecond>();
        var failedRates = new Dictionary<int, double>();
        foreach (var metric in document.RootElement.GetProperty("data").EnumerateArray())
        {
            if (!TryParse(metric.GetProperty("id").GetString(), step, out var name, out var second)
                || !metric.GetProperty("attributes").TryGetProperty("sample", out var sample))
            {
                continue;
            }

            var counted = seconds.GetValueOrDefault(second) ?? new CountedSecond(second, 0, 0, null);
            seconds[second] = name switch
            {
                "capacity_reqs" => counted with { Requests = (long)Number(sample, "count") },
                "capacity_req_duration" => counted with { P95Ms = Number(sample, "p(95)") },
                "capacity_session_failed" => counted with { SessionsFailed = (long)Number(sample, "count") },
                "capacity_session_dropped" => counted with { SessionsDropped = (long)Number(sample, "count") },
                _ => counted,
            };
            if (name == "capacity_req_failed")
            {
                failedRates[second] = Number(sample, "rate");
            }
        }

        // A Rate's sample is the share of true values among its samples: one per completed request.
        return [.. seconds.Values.Select(s => s with
        {
            Failed = (long)Math.Round(failedRates.GetValueOrDefault(s.Second) * s.Requests),
            P95Ms = s.Requests > 0 ? s.P95Ms : null,
        })];
    }

    /// <summary>k6's execution status (its lib.ExecutionStatus: 4 is paused before the run, every client initialised); null while
    /// its API does not answer yet.</summary>
    public async Task<int?> StatusAsync(CancellationToken cancellationToken)
    {
        try
        {
            using var document = JsonDocument.Parse(await _http.GetStringAsync("/v1/status", cancellationToken));
            return document.RootElement.GetProperty("data").GetProperty("attributes").TryGetProperty("status", out var status)
                && status.ValueKind == JsonValueKind.Number ? status.GetInt32() : null;
        }
        catch (Exception ex) when (ex is HttpRequestException or JsonException or KeyNotFoundException
            || (ex is TaskCanceledException && !cancellationToken.IsCancellationRequested))
        {
            return null;
        }
    }

    /// <summary>Resumes a k6 started with --paused.</summary>
    public Task ResumeAsync(CancellationToken cancellationToken) =>
        PatchStatusAsync("""{"data":{"type":"status","id":"default","attributes":{"paused":false}}}""", cancellationToken);

    public Task StopAsync(CancellationToken cancellationToken) =>
        PatchStatusAsync("""{"data":{"type":"status","id":"default","attributes":{"stopped":true}}}""", cancellationToken);

    private async Task PatchStatusAsync(string status, CancellationToken cancellationToken)
    {
        using var body = new StringContent(status, Encoding.UTF8, "application/json");
        using var response = await _http.PatchAsync("/v1/status", body, cancellationToken);
        response.EnsureSuccessStatusCode();
    }

    public void Dispose() => _http.Dispose();

    /// <summary>"capacity_reqs{step:sync_c10,second:17}" → capacity_reqs, 17; anything else (another step, the whole) → false.</summary>
    internal static bool TryParse(string? id, string step, out string metric, out int second)
    {
        (metric, second) = ("", 0);
        var suffix = $"{{step:{step},second:";
        var at = id?.IndexOf(suffix, StringComparison.Ordinal) ?? -1;
        if (id is null || at <= 0 || !id.EndsWith('}'))
        {
            return false;
        }

        metric = id[..at];
        return int.TryParse(id.AsSpan(at + suffix.Length, id.Length - at - suffix.Length - 1), NumberStyles.None,
            CultureInfo.InvariantCulture, out second);
    }

    private static double Number(JsonElement sample, string name) =>
        sample.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.Number ? value.GetDouble() : 0;
}
