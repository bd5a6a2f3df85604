using AsyncCapacity.Contracts.Gauges;

namespace AsyncCapacity.Contracts.Runtime;

/// <summary>
/// Counters are running totals since the app started, which the report turns into rates; the last three are null in
/// timelines written before they were sampled.
/// </summary>
public sealed record RuntimeSample(
    long TimestampMs,
    int ThreadCount,
    long PendingWorkItems,
    long CompletedWorkItems,
    int RequestsInFlight,
    double CpuPercent,
    long WorkingSetBytes,
    long GcHeapBytes,
    IReadOnlyDictionary<string, double>? Gauges = null,
    IReadOnlyDictionary<string, PoolAdjustmentTotals>? Adjustments = null,
    long? LockContentions = null,
    double? GcPauseMs = null)
{
    /// <summary>Null when the app did not sample it; the working set is every sample's own.</summary>
    public double? Gauge(string key) => key == GaugeKeys.WorkingSetMb
        ? (WorkingSetBytes > 0 ? Math.Round(WorkingSetBytes / 1048576.0, 1) : null)
        : Gauges is not null && Gauges.TryGetValue(key, out var value) ? value : null;
}
