using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.K6;

/// <summary>What a k6-scripts/*.js sweep writes from handleSummary: see k6-scripts/README.md.</summary>
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

/// <summary>Counts and latencies cover the measured window; <c>Concurrency</c> is arrivals per second in the open model.</summary>
/// <param name="Dropped">Over the whole step, warm-up included: k6 tags dropped iterations with the scenario only.</param>
/// <param name="ConnectMs">Warm-up included, as that is when clients connect.</param>
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

/// <summary>In milliseconds; null when the step completed no request.</summary>
public sealed record K6Trend(double? Avg, double? Min, double? Med, double? Max, double? P90, double? P95, double? P99);
