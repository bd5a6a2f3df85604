using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>Sampled figures cover the measured window; what the runtime counted itself covers the whole step.</summary>
internal sealed record ServerWindow(
    int? ThreadsAtStart, int? ThreadsAtEnd, long? MaxQueueLength, double? CpuPercent, IReadOnlyDictionary<string, double?> Gauges,
    IReadOnlyDictionary<string, PoolAdjustmentTotals>? Adjustments = null, long? LockContentions = null, double? GcPauseMs = null)
{
    /// <summary>How far from the step's start a sample may be and still say how many threads the step began with.</summary>
    private const long StartToleranceMs = 1500;

    public static ServerWindow Of(IReadOnlyList<RuntimeSample> timeline, ProbeSamples step, IEnumerable<GaugeColumn> columns)
    {
        var atStart = timeline.FirstOrDefault(s => s.TimestampMs >= step.StartMs - StartToleranceMs && s.TimestampMs <= step.EndMs);
        var measured = timeline.Where(s => s.TimestampMs >= step.MeasureFromMs && s.TimestampMs <= step.EndMs).ToList();

        // Each sample's CPU (and each total's rise) covers the interval before it, so the window's are in the samples that close inside it.
        var closing = timeline.Where(s => s.TimestampMs > step.MeasureFromMs && s.TimestampMs <= step.EndMs + 500).ToList();
        var before = timeline.LastOrDefault(s => s.TimestampMs <= step.MeasureFromMs);

        // The whole step: from the last sample before its load began (a fresh app's first, else) to its window's end.
        var stepFrom = timeline.LastOrDefault(s => s.TimestampMs <= step.StartMs) ?? atStart;
        var stepTo = timeline.LastOrDefault(s => s.TimestampMs <= step.EndMs + 500);
        var whole = stepFrom is not null && stepTo is not null && stepTo.TimestampMs > stepFrom.TimestampMs;

        return new ServerWindow(
            atStart?.ThreadCount,
            measured.Count > 0 ? measured[^1].ThreadCount : null,
            measured.Count > 0 ? measured.Max(s => s.PendingWorkItems) : null,
            closing.Count > 0 ? Math.Round(closing.Average(s => s.CpuPercent), 1) : null,
            columns.ToDictionary(c => c.Id, c => Column(c, measured, before, closing)),
            whole ? PoolAdjustmentChanges.Between(stepFrom!, stepTo!) : null,
            whole ? PoolAdjustmentChanges.LockContentions(stepFrom!, stepTo!) : null,
            whole ? PoolAdjustmentChanges.GcPauseMs(stepFrom!, stepTo!) : null);
    }

    private static double? Column(GaugeColumn column, List<RuntimeSample> measured, RuntimeSample? before, List<RuntimeSample> closing) =>
        column.Statistic switch
        {
            GaugeStatistic.Max => measured.Select(s => s.Gauge(column.Key)).Max(),
            GaugeStatistic.MeanPerCount => MeanPerCount(column, before, closing),
            _ => null,
        };

    private static double? MeanPerCount(GaugeColumn column, RuntimeSample? before, List<RuntimeSample> closing)
    {
        var first = before ?? closing.FirstOrDefault();
        var last = closing.LastOrDefault();
        if (first is null || last is null || column.CountKey is null
            || first.Gauge(column.Key) is not { } totalBefore || last.Gauge(column.Key) is not { } totalAfter
            || first.Gauge(column.CountKey) is not { } countBefore || last.Gauge(column.CountKey) is not { } countAfter
            || countAfter <= countBefore || totalAfter < totalBefore)
        {
            return null;
        }

        return Math.Round((totalAfter - totalBefore) / (countAfter - countBefore), 2);
    }
}
