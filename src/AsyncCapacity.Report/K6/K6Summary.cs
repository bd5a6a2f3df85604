using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.K6;

/// <summary>
/// The results file a k6-scripts/*.js sweep writes from handleSummary (format "asynccapacity-k6/1"):
/// one run of one experiment, its steps in the order they ran. See k6-scripts/README.md.
/// </summary>
public sealed record K6Summary(
    string Format,
    string Experiment,
    string BaseUrl,
    LoadModel Model,
    IReadOnlyDictionary<string, string> Parameters,
    Sla Sla,
    double WarmupSeconds,
    double StepSeconds,
    double CooldownSeconds,
    long StartedAtMs,
    double TestRunDurationMs,
    IReadOnlyList<K6Step> Steps,
    System.Text.Json.JsonElement? Declaration = null)
{
    public const string CurrentFormat = "asynccapacity-k6/1";

    /// <summary>The declaration k6 swept, checked as any declaration is; null in files written before k6 kept it.</summary>
    public Experiment? Declared(string source) =>
        Declaration is { ValueKind: System.Text.Json.JsonValueKind.Object } declared
            ? ExperimentCatalog.Parse(declared.GetRawText(), source)
            : null;
}

/// <summary>
/// One (variant, step) of the sweep: <c>Concurrency</c> is its clients in the closed model, its arrivals per second in
/// the open one. Counts and latencies cover the measured window (after warm-up).
/// </summary>
/// <param name="Dropped">Open model only (null in the closed one): arrivals k6 could not send because every client it
/// had was still waiting, counted over the whole step, warm-up included (k6 tags them with the scenario only).</param>
/// <param name="ConnectMs">WebSocket steps: time to open a session (warm-up included, when clients connect).</param>
/// <param name="ConnectionsFailed">WebSocket steps: sessions that never opened (refused, or not within 10 s).</param>
/// <param name="ConnectionsDropped">WebSocket steps: sessions the server or the network closed before the step's end.</param>
public sealed record K6Step(
    string Variant,
    int Concurrency,
    long StartMs,
    long MeasureFromMs,
    long EndMs,
    long Requests,
    long Failed,
    K6Trend? DurationMs,
    K6Trend? ServerMs,
    long? Dropped = null,
    K6Trend? ConnectMs = null,
    long? ConnectionsFailed = null,
    long? ConnectionsDropped = null)
;

/// <summary>k6 trend statistics in milliseconds; any may be null when the step completed no request.</summary>
public sealed record K6Trend(double? Avg, double? Min, double? Med, double? Max, double? P90, double? P95, double? P99);
