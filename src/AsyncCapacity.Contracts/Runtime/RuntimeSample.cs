using AsyncCapacity.Contracts.Gauges;

namespace AsyncCapacity.Contracts.Runtime;

/// <summary>
/// One reading of the app's runtime, taken each second by its sampler (a dedicated thread) and served by /diag/runtime.
/// <c>CpuPercent</c> is the process's CPU over the last interval, as a share of all cores. <c>Gauges</c> holds what the
/// app's features add beside the thread pool, keyed as in <see cref="Gauges.GaugeKeys"/>: levels (connections in
/// use, entries queued) and running totals (refusals so far), which the report turns into rates.
/// <c>Adjustments</c> is the thread pool's changes to its thread-count goal so far, keyed by the reason it gave
/// (<see cref="PoolAdjustmentReasons"/>; only reasons seen); <c>LockContentions</c> is Monitor.LockContentionCount and
/// <c>GcPauseMs</c> GC.GetTotalPauseDuration() in ms, both totals since the app started. The three are null in
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
    /// <summary>The gauge's value in this sample; null when the app did not sample it. The working set is every sample's own.</summary>
    public double? Gauge(string key) => key == GaugeKeys.WorkingSetMb
        ? (WorkingSetBytes > 0 ? Math.Round(WorkingSetBytes / 1048576.0, 1) : null)
        : Gauges is not null && Gauges.TryGetValue(key, out var value) ? value : null;
}
