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

    /// <summary>The measured durations on either side of the SLA's p95 (SLA_SPLIT=1), what an exact merge of runners needs.</summary>
    public SlaSplit? SlaSplit { get; init; }

    /// <summary>A step merged from several k6 runners (<see cref="RunnerMerge"/>): each runner's own share; null for one k6.</summary>
    public IReadOnlyList<RunnerShare>? Runners { get; init; }
}

public sealed record Percentiles(double? Avg, double? Min, double? Med, double? Max, double? P90, double? P95, double? P99);

/// <summary>A step's measured durations split at the SLA's p95: how many were within it and the slowest of them, how many beyond it
/// and the fastest of them (k6-scripts/lib/summary.js, SLA_SPLIT=1).</summary>
public sealed record SlaSplit(long Within, double? SlowestWithinMs, long Beyond, double? FastestBeyondMs)
{
    public long Count => Within + Beyond;
}

/// <summary>One runner's part of a merged step: where it ran, what it counted, its own p95, when its scenarios started, and its
/// CPU as a share of the CPUs it had (from the resume to its last reading, warm-up included).</summary>
public sealed record RunnerShare(string Runner, long Requests, long Failed, double? P95Ms, long StartedAtMs)
{
    public double? CpuPercent { get; init; }

    public int? Cpus { get; init; }
}
