namespace AsyncCapacity.Lab.Measure;

/// <summary>
/// A load generator's run as the lab reads it: what was swept, and each probe's samples. k6-scripts/*.js write it from
/// handleSummary (format asynccapacity-k6/1, k6-scripts/README.md); the names are that file's.
/// </summary>
public sealed record MeasuredRun(
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
    IReadOnlyList<ProbeSamples> Steps,
    System.Text.Json.JsonElement? Declaration = null)
{
    /// <summary>The declaration k6 swept, checked as any declaration is; null in files written before k6 kept it.</summary>
    public Experiment? Declared(string source) =>
        Declaration is { ValueKind: System.Text.Json.JsonValueKind.Object } declared
            ? ExperimentCatalog.Parse(declared.GetRawText(), source)
            : null;
}

/// <summary>One probe's samples: counts and latencies cover the measured window; <c>Concurrency</c> is arrivals per second
/// in the open model.</summary>
/// <param name="Dropped">Over the whole step, warm-up included: k6 tags dropped iterations with the scenario only.</param>
/// <param name="ConnectMs">Warm-up included, as that is when clients connect.</param>
public sealed record ProbeSamples(
    string Variant,
    int Concurrency,
    long StartMs,
    long MeasureFromMs,
    long EndMs,
    long Requests,
    long Failed,
    Percentiles? DurationMs,
    Percentiles? ServerMs,
    long? Dropped = null,
    Percentiles? ConnectMs = null,
    long? ConnectionsFailed = null,
    long? ConnectionsDropped = null)
;

/// <summary>In milliseconds; null when the step completed no request.</summary>
public sealed record Percentiles(double? Avg, double? Min, double? Med, double? Max, double? P90, double? P95, double? P99);
