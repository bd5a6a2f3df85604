namespace AsyncCapacity.Web.Diagnostics;

internal static class RuntimeReading
{
    /// <summary>Reads the thread pool, memory and GC now; CPU comes from the sampler, which owns the interval.</summary>
    public static RuntimeSample Take(int requestsInFlight, double cpuPercent) => new(
        TimestampMs: DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(),
        ThreadCount: ThreadPool.ThreadCount,
        PendingWorkItems: ThreadPool.PendingWorkItemCount,
        CompletedWorkItems: ThreadPool.CompletedWorkItemCount,
        RequestsInFlight: requestsInFlight,
        CpuPercent: cpuPercent,
        WorkingSetBytes: Environment.WorkingSet,
        GcHeapBytes: GC.GetTotalMemory(forceFullCollection: false));
}
