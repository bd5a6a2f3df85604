using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>The app's runtime figures over one step, read from its 1 Hz timeline.</summary>
internal sealed record ServerWindow(
    int? ThreadsAtStart, int? ThreadsAtEnd, long? MaxQueueLength, double? CpuPercent, double? DbOpenMs, int? MaxDbWaiting)
{
    /// <summary>How far from the step's start a sample may be and still say how many threads the step began with.</summary>
    private const long StartToleranceMs = 1500;

    public static ServerWindow Of(IReadOnlyList<RuntimeSample> timeline, K6Step step, bool usesDatabase)
    {
        var atStart = timeline.FirstOrDefault(s => s.TimestampMs >= step.StartMs - StartToleranceMs && s.TimestampMs <= step.EndMs);
        var measured = timeline.Where(s => s.TimestampMs >= step.MeasureFromMs && s.TimestampMs <= step.EndMs).ToList();

        // Each sample's CPU covers the interval before it, so the window's CPU is in the samples that close inside it.
        var cpu = timeline.Where(s => s.TimestampMs > step.MeasureFromMs && s.TimestampMs <= step.EndMs + 500).ToList();

        var opens = cpu.Where(s => s.DbOpenMs is not null).ToList();
        return new ServerWindow(
            atStart?.ThreadCount,
            measured.Count > 0 ? measured[^1].ThreadCount : null,
            measured.Count > 0 ? measured.Max(s => s.PendingWorkItems) : null,
            cpu.Count > 0 ? Math.Round(cpu.Average(s => s.CpuPercent), 1) : null,
            usesDatabase && opens.Count > 0 ? Math.Round(opens.Average(s => s.DbOpenMs!.Value), 2) : null,
            usesDatabase && measured.Count > 0 ? measured.Max(s => s.DbWaiting) : null);
    }
}
