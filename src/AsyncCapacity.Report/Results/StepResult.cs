using System.Text.Json.Serialization;
using AsyncCapacity.Report.Search;
using AsyncCapacity.Report.Waits;

namespace AsyncCapacity.Report.Results;

/// <summary>
/// One step of one variant: its load, what the clients saw and what the server did. Latency and throughput cover the
/// measured window only (warm-up excluded); server figures come from the app's 1 Hz timeline over the same window and
/// are null when there was none (a standalone k6 run, or a target that does not expose /diag/runtime). Set by name;
/// figures a step does not have (no request completed, no session held) stay null.
/// </summary>
public sealed record StepResult
{
    /// <summary>The step's load: concurrent clients with no think time (closed model), offered requests per second (open model).</summary>
    public required int Concurrency { get; init; }

    public required DateTimeOffset StartedAt { get; init; }

    public required DateTimeOffset MeasuredFrom { get; init; }

    public required DateTimeOffset EndedAt { get; init; }

    /// <summary>Length of the measured window, in seconds.</summary>
    public required double DurationSeconds { get; init; }

    /// <summary>Requests (echoes, for a session kind) completed in the measured window.</summary>
    public required long Requests { get; init; }

    /// <summary>Failed requests (no 2xx answer, timeouts, refused connections) and sessions lost (failed to open or dropped).</summary>
    public required long Errors { get; init; }

    /// <summary>Errors ÷ everything attempted (requests and sessions lost).</summary>
    public required double ErrorRate { get; init; }

    public required double Rps { get; init; }

    public double? MeanMs { get; init; }

    public double? P50Ms { get; init; }

    public double? P90Ms { get; init; }

    /// <summary>Latency figures are null when no request completed in the measured window.</summary>
    public double? P95Ms { get; init; }

    public double? P99Ms { get; init; }

    public double? MaxMs { get; init; }

    /// <summary>Median of Server-Timing app;dur: time inside the app's pipeline.</summary>
    public double? ServerP50Ms { get; init; }

    /// <summary>Thread-pool threads when the step's load began (warm-up included).</summary>
    public int? ThreadsAtStart { get; init; }

    /// <summary>Thread-pool threads at the end of the measured window.</summary>
    public int? ThreadsAtEnd { get; init; }

    /// <summary>Highest thread-pool queue length (pending work items) in the measured window.</summary>
    public long? MaxQueueLength { get; init; }

    /// <summary>App process CPU over the measured window, as a percentage of all its cores.</summary>
    public double? CpuPercent { get; init; }

    /// <summary>Whole-machine CPU busy over the step, as a percentage of all cores.</summary>
    public double? MachineCpuPercent { get; init; }

    /// <summary>k6's own CPU over the step, as a percentage of all cores.</summary>
    public double? LoadGeneratorCpuPercent { get; init; }

    /// <summary>k6's largest resident memory during the step, in MB.</summary>
    public double? LoadGeneratorMemoryMb { get; init; }

    /// <summary>The experiment's gauge columns for this step, by column id (GaugeCatalog): "db.poolWaitMs" → 27.1.</summary>
    public IReadOnlyDictionary<string, double?>? Gauges { get; init; }

    /// <summary>Throughput × mean latency ÷ concurrency; near 1 for a steady closed loop; null in the open model.</summary>
    public double? LittlesLawRatio { get; init; }

    /// <summary>The verdict of the SLA's one rule (k6-scripts/lib/judge.js).</summary>
    public required bool MeetsSla { get; init; }

    /// <summary>The rule's conditions the step missed ("p95", "errors", "clients", "answered", "dropped", "sessions-failed"…); empty when it met.</summary>
    public IReadOnlyList<string> Missed { get; init; } = [];

    /// <summary>Reasons not to trust the step blindly, each a short sentence; empty when none.</summary>
    public IReadOnlyList<string> Flags { get; init; } = [];

    /// <summary>Open model: the arrival rate the step offered (<see cref="Rps"/> is what was achieved); null when closed.</summary>
    public double? OfferedRps { get; init; }

    /// <summary>Open model: arrivals k6 could not send on time in the whole step (warm-up included); null when closed.</summary>
    public long? Dropped { get; init; }

    /// <summary>Open model: <see cref="Dropped"/> ÷ the arrivals the whole step offered; null when closed.</summary>
    public double? DroppedShare { get; init; }

    /// <summary>Session kinds (WebSocket): p95 of the time to open a session; null for HTTP steps.</summary>
    public double? ConnectP95Ms { get; init; }

    /// <summary>Session kinds: sessions that never opened (refused, or not within 10 s), warm-up included.</summary>
    public long? ConnectionsFailed { get; init; }

    /// <summary>Session kinds: sessions the server or the network closed before the step's end.</summary>
    public long? ConnectionsDropped { get; init; }

    /// <summary>Why the step ran (the capacity search's pass); null for a step of a grid only (an older run, k6 on its own).</summary>
    public ProbePass? Pass { get; init; }

    /// <summary>The run number at this load (repeats at the ends of the bracket are runs 2, 3…).</summary>
    public int Run { get; init; } = 1;

    /// <summary>Whether this run decided the capacity: a run at the capacity, or at the smallest load that missed above it.</summary>
    public bool Decided { get; init; }

    /// <summary>Which side ran out of CPU during the step: the app (at its cores' limit) or the load generator; null when neither.</summary>
    public Saturation? Saturated { get; init; }

    /// <summary>The thread pool's changes to its thread-count goal during the step (warm-up included), by the runtime's reason.</summary>
    public IReadOnlyDictionary<string, PoolAdjustmentTotals>? Adjustments { get; init; }

    /// <summary>Monitor lock contentions during the step (the runtime's count).</summary>
    public long? LockContentions { get; init; }

    /// <summary>Time the GC paused the app during the step, in ms.</summary>
    public double? GcPauseMs { get; init; }

    /// <summary>Where the app's threads were just after the measured window, grouped by the app's own frames; null when not taken.</summary>
    public WaitSummary? Waits { get; init; }

    /// <summary>What taking <see cref="Waits"/> cost: the EventPipe session in the app and the whole snapshot, in ms.</summary>
    public StackCost? WaitsCost { get; init; }

    /// <summary>The step's figure for a gauge column (GaugeColumn.Id); null when unknown.</summary>
    public double? Gauge(string columnId) => Gauges is not null && Gauges.TryGetValue(columnId, out var value) ? value : null;
}

/// <summary>Which side of a step ran out of CPU.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<Saturation>))]
public enum Saturation
{
    /// <summary>The app's process used its cores to the limit: the measure of the app's own ceiling.</summary>
    [JsonStringEnumMemberName("app")]
    App,

    /// <summary>k6 was short of CPU (at its cores' limit, or competing with the app for a busy machine): more load measures k6.</summary>
    [JsonStringEnumMemberName("loadGenerator")]
    LoadGenerator,
}

/// <summary>What a stack snapshot cost: how long its EventPipe session ran in the app, and the whole snapshot, in ms.</summary>
public sealed record StackCost(double SessionMs, double TotalMs);
