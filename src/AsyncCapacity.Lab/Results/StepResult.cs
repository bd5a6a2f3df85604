using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Results;

/// <summary>Figures cover the measured window (warm-up excluded); what a step did not have (k6 alone) stays null.</summary>
public sealed record StepResult
{
    /// <summary>Clients with no think time (closed model), or requests per second offered (open model).</summary>
    public required int Concurrency { get; init; }

    public required DateTimeOffset StartedAt { get; init; }

    public required DateTimeOffset MeasuredFrom { get; init; }

    public required DateTimeOffset EndedAt { get; init; }

    public required double DurationSeconds { get; init; }

    /// <summary>Echoes, for a session kind.</summary>
    public required long Requests { get; init; }

    /// <summary>Non-2xx answers, timeouts, refused connections and sessions lost.</summary>
    public required long Errors { get; init; }

    public required double ErrorRate { get; init; }

    public required double Rps { get; init; }

    public double? MeanMs { get; init; }

    public double? P50Ms { get; init; }

    public double? P90Ms { get; init; }

    public double? P95Ms { get; init; }

    public double? P99Ms { get; init; }

    public double? MaxMs { get; init; }

    /// <summary>Median of Server-Timing app;dur.</summary>
    public double? ServerP50Ms { get; init; }

    public int? ThreadsAtStart { get; init; }

    public int? ThreadsAtEnd { get; init; }

    public long? MaxQueueLength { get; init; }

    /// <summary>CPU percentages are of all the cores: the app's own, the machine's, k6's.</summary>
    public double? CpuPercent { get; init; }

    public double? MachineCpuPercent { get; init; }

    public double? LoadGeneratorCpuPercent { get; init; }

    public double? LoadGeneratorMemoryMb { get; init; }

    /// <summary>By GaugeCatalog column id: "db.poolWaitMs" → 27.1.</summary>
    public IReadOnlyDictionary<string, double?>? Gauges { get; init; }

    /// <summary>Throughput × mean latency ÷ concurrency: near 1 for a steady closed loop.</summary>
    public double? LittlesLawRatio { get; init; }

    /// <summary>The SLA's one rule: k6-scripts/lib/judge.js.</summary>
    public required bool MeetsSla { get; init; }

    /// <summary>Too few requests completed for the SLA's percentile: shown, not judged, left out of the estimate.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public bool Thin { get; init; }

    [JsonIgnore]
    public bool Judged => !Thin;

    /// <summary>The rule's conditions missed: "p95", "errors", "clients", "answered", "dropped", "sessions-failed"…</summary>
    public IReadOnlyList<string> Missed { get; init; } = [];

    /// <summary>Reasons not to trust the step blindly, each rendered as a short sentence.</summary>
    public IReadOnlyList<StepFlag> Flags { get; init; } = [];

    /// <summary>Open model only, as are the dropped figures; <see cref="Rps"/> is what was achieved.</summary>
    public double? OfferedRps { get; init; }

    /// <summary>Arrivals k6 could not send on time, warm-up included.</summary>
    public long? Dropped { get; init; }

    public double? DroppedShare { get; init; }

    /// <summary>Session kinds (WebSocket) only, as are the connection counts.</summary>
    public double? ConnectP95Ms { get; init; }

    /// <summary>Sessions that never opened (refused, or not within 10 s), warm-up included.</summary>
    public long? ConnectionsFailed { get; init; }

    public long? ConnectionsDropped { get; init; }

    /// <summary>Null for a step of a grid only (an older run, k6 on its own).</summary>
    public ProbePass? Pass { get; init; }

    /// <summary>Repeats at the ends of the bracket are runs 2, 3…</summary>
    public int Run { get; init; } = 1;

    /// <summary>A run at the capacity, or at the smallest load that missed above it.</summary>
    public bool Decided { get; init; }

    public Saturation? Saturated { get; init; }

    /// <summary>The pool's changes to its thread-count goal (warm-up included), by the runtime's reason.</summary>
    public IReadOnlyDictionary<string, PoolAdjustmentTotals>? Adjustments { get; init; }

    public long? LockContentions { get; init; }

    public double? GcPauseMs { get; init; }

    /// <summary>Taken just after the measured window, so the load is still on.</summary>
    public WaitSummary? Waits { get; init; }

    public StackCost? WaitsCost { get; init; }

    public double? Gauge(string columnId) =>
        Gauges is not null && Gauges.TryGetValue(columnId, out var value) ? value : null;
}

[JsonConverter(typeof(JsonStringEnumConverter<Saturation>))]
public enum Saturation
{
    /// <summary>The measure of the app's own ceiling.</summary>
    [JsonStringEnumMemberName("app")]
    App,

    /// <summary>k6 was short of CPU (at its cores' limit, or on a busy machine): more load measures k6.</summary>
    [JsonStringEnumMemberName("loadGenerator")]
    LoadGenerator,
}

/// <summary>What a stack snapshot cost: its EventPipe session in the app, and the whole snapshot.</summary>
public sealed record StackCost(double SessionMs, double TotalMs);
