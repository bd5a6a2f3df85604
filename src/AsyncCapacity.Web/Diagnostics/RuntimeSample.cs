namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// One reading of the runtime. <c>CpuPercent</c> is this process's CPU over the last interval, as a share of all cores.
/// The Db fields watch the database pool: requests waiting for a connection, connections in use, and the mean time
/// to get one over the last interval (null when none was taken). The Audit fields count entries queued for the audit
/// writers now and requests refused so far (503), over both audit variants.
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
    int DbWaiting,
    int DbInUse,
    double? DbOpenMs,
    int AuditQueued,
    long AuditRejected);
