using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.Diagnostics;

internal static class RuntimeReading
{
    /// <summary>CPU comes from the sampler, which owns the interval; every other figure is read now and never waits.</summary>
    public static RuntimeSample Take(
        int requestsInFlight, double cpuPercent, IEnumerable<IGaugeSource> sources, ThreadPoolAdjustments adjustments)
    {
        var gauges = new Dictionary<string, double>();
        foreach (var source in sources)
        {
            source.Read(gauges);
        }

        return new(
            TimestampMs: DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(),
            ThreadCount: ThreadPool.ThreadCount,
            PendingWorkItems: ThreadPool.PendingWorkItemCount,
            CompletedWorkItems: ThreadPool.CompletedWorkItemCount,
            RequestsInFlight: requestsInFlight,
            CpuPercent: cpuPercent,
            WorkingSetBytes: Environment.WorkingSet,
            GcHeapBytes: GC.GetTotalMemory(forceFullCollection: false),
            Gauges: gauges,
            Adjustments: adjustments.Totals(),
            LockContentions: Monitor.LockContentionCount,
            GcPauseMs: Math.Round(GC.GetTotalPauseDuration().TotalMilliseconds, 3));
    }
}
