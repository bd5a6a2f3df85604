namespace AsyncCapacity.Lab.Measure;

/// <summary>Written by k6-scripts/*.js from handleSummary (format asynccapacity-k6/1, k6-scripts/README.md); the names are that
/// file's.</summary>
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
    public Experiment? Declared(string source) =>
        Declaration is { ValueKind: System.Text.Json.JsonValueKind.Object } declared
            ? ExperimentCatalog.Parse(declared.GetRawText(), source)
            : null;
}

/// <param name="Dropped">Over the whole step, warm-up included: k6 tags dropped iterations with the scenario only.</param>
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
{
    /// <summary>The step second by second, where k6 counted it so (PER_SECOND=1: a held load).</summary>
    public IReadOnlyList<CountedSecond>? Seconds { get; init; }
}

public sealed record Percentiles(double? Avg, double? Min, double? Med, double? Max, double? P90, double? P95, double? P99);
