namespace AsyncCapacity.Web.Diagnostics;

/// <summary>One reading of the runtime. <c>CpuPercent</c> is this process's CPU over the last interval, as a share of all cores.</summary>
public sealed record RuntimeSample(
    long TimestampMs,
    int ThreadCount,
    long PendingWorkItems,
    long CompletedWorkItems,
    int RequestsInFlight,
    double CpuPercent,
    long WorkingSetBytes,
    long GcHeapBytes);
