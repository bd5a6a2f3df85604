namespace AsyncCapacity.Web.Diagnostics;

/// <summary>The body of /diag/runtime: the pool's configuration, a reading taken now, and the sampled timeline.</summary>
public sealed record RuntimeReport(
    string Framework,
    int ProcessorCount,
    int MinWorkerThreads,
    int MinIoThreads,
    int MaxWorkerThreads,
    int MaxIoThreads,
    int SampleIntervalMs,
    double UptimeSeconds,
    RuntimeSample Now,
    IReadOnlyList<RuntimeSample> Timeline);
