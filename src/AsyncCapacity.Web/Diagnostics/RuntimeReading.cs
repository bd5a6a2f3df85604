using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Database;

namespace AsyncCapacity.Web.Diagnostics;

internal static class RuntimeReading
{
    /// <summary>Reads the thread pool, memory, GC, database pool and audit queues now; CPU and open time come from the sampler, which owns the interval.</summary>
    public static RuntimeSample Take(
        int requestsInFlight, double cpuPercent, DbPoolGauge pool, double? dbOpenMs, IEnumerable<IAuditLog> auditLogs)
    {
        var audit = auditLogs.Select(log => log.Stats).ToList();
        return new(
        TimestampMs: DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(),
        ThreadCount: ThreadPool.ThreadCount,
        PendingWorkItems: ThreadPool.PendingWorkItemCount,
        CompletedWorkItems: ThreadPool.CompletedWorkItemCount,
        RequestsInFlight: requestsInFlight,
        CpuPercent: cpuPercent,
        WorkingSetBytes: Environment.WorkingSet,
        GcHeapBytes: GC.GetTotalMemory(forceFullCollection: false),
        DbWaiting: pool.Waiting,
        DbInUse: pool.InUse,
        DbOpenMs: dbOpenMs,
        AuditQueued: audit.Sum(a => a.Queued),
        AuditRejected: audit.Sum(a => a.Rejected));
    }
}
