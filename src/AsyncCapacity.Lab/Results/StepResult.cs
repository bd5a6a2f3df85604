using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Results;

/// <summary>Figures cover the measured window (warm-up excluded); what a step did not have (k6 alone) stays null.</summary>
public sealed record StepResult
{
    public required int Concurrency { get; init; }

    public required DateTimeOffset StartedAt { get; init; }

    public required DateTimeOffset MeasuredFrom { get; init; }

    public required DateTimeOffset EndedAt { get; init; }

    public required double DurationSeconds { get; init; }

    public required long Requests { get; init; }

    public required long Errors { get; init; }

    public required double ErrorRate { get; init; }

    public required double Rps { get; init; }

    public double? MeanMs { get; init; }

    public double? P50Ms { get; init; }

    public double? P90Ms { get; init; }

    public double? P95Ms { get; init; }

    public double? P99Ms { get; init; }

    public double? MaxMs { get; init; }

    public double? ServerP50Ms { get; init; }

    public int? ThreadsAtStart { get; init; }

    public int? ThreadsAtEnd { get; init; }

    public long? MaxQueueLength { get; init; }

    /// <summary>CPU percentages are of all the cores: the app's own, the machine's, k6's.</summary>
    public double? CpuPercent { get; init; }

    public double? MachineCpuPercent { get; init; }

    public double? LoadGeneratorCpuPercent { get; init; }

    public double? LoadGeneratorMemoryMb { get; init; }

    /// <summary>Under --app-cpus: the app's CPU as a share of its quota (CpuPercent is of the cores .NET counted).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? CpuOfQuotaPercent { get; init; }

    /// <summary>Under --app-cpus: how often the quota ran out in the measured window.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Throttling? Throttling { get; init; }

    public IReadOnlyDictionary<string, double?>? Gauges { get; init; }

    public double? LittlesLawRatio { get; init; }

    public required bool MeetsSla { get; init; }

    /// <summary>Too few requests completed for the SLA's percentile: shown, not judged, left out of the estimate.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public bool Thin { get; init; }

    [JsonIgnore]
    public bool Judged => !Thin;

    public IReadOnlyList<string> Missed { get; init; } = [];

    public IReadOnlyList<StepFlag> Flags { get; init; } = [];

    /// <summary>The probe measured nothing: the search learns no more from it than not to go there again.</summary>
    [JsonIgnore]
    public bool Failed => Flags.Any(f => f.Kind is StepFlagKind.PastDeadline or StepFlagKind.LoadGeneratorFailed);

    public double? OfferedRps { get; init; }

    public long? Dropped { get; init; }

    public double? DroppedShare { get; init; }

    public double? ConnectP95Ms { get; init; }

    public long? ConnectionsFailed { get; init; }

    public long? ConnectionsDropped { get; init; }

    public ProbePass? Pass { get; init; }

    public int Run { get; init; } = 1;

    public bool Decided { get; init; }

    public Saturation? Saturated { get; init; }

    public IReadOnlyDictionary<string, PoolAdjustmentTotals>? Adjustments { get; init; }

    public long? LockContentions { get; init; }

    public double? GcPauseMs { get; init; }

    /// <summary>A probe split over several k6 runners: each one's requests, p95, start and CPU; its own figures are the merge of
    /// theirs (Measure.RunnerMerge). Null for one k6.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<Measure.RunnerShare>? Runners { get; init; }

    /// <summary>Taken just after the measured window, so the load is still on.</summary>
    public WaitSummary? Waits { get; init; }

    public StackCost? WaitsCost { get; init; }

    public double? Gauge(string columnId) =>
        Gauges is not null && Gauges.TryGetValue(columnId, out var value) ? value : null;
}

[JsonConverter(typeof(JsonStringEnumConverter<Saturation>))]
public enum Saturation
{
    [JsonStringEnumMemberName("app")]
    App,

    [JsonStringEnumMemberName("loadGenerator")]
    LoadGenerator,
}

public sealed record StackCost(double SessionMs, double TotalMs);

/// <summary>A CFS quota's count over the measured window (cgroup cpu.stat): periods in which the app had work, periods it was
/// throttled in (out of CPU time until the next period began), and the time its threads waited for it.</summary>
public sealed record Throttling(long Periods, long ThrottledPeriods, double ThrottledSeconds)
{
    [JsonIgnore]
    public double ThrottledShare => Periods > 0 ? (double)ThrottledPeriods / Periods : 0;

    public Throttling Since(Throttling earlier) => new(
        Periods - earlier.Periods, ThrottledPeriods - earlier.ThrottledPeriods, Math.Round(ThrottledSeconds - earlier.ThrottledSeconds, 3));
}
