namespace AsyncCapacity.Contracts.Runtime;

/// <summary>
/// The body of /diag/runtime: the pool's configuration, a reading taken now, and the sampled timeline.
/// <c>ListenBacklog</c> is Kestrel's, as configured (Connections:ListenBacklog); the kernel caps it at somaxconn.
/// </summary>
public sealed record RuntimeReport(
    string Framework,
    int ProcessorCount,
    int MinWorkerThreads,
    int MinIoThreads,
    int MaxWorkerThreads,
    int MaxIoThreads,
    int SampleIntervalMs,
    double UptimeSeconds,
    DatabaseInfo? Database,
    RuntimeSample Now,
    IReadOnlyList<RuntimeSample> Timeline,
    int? ListenBacklog = null);

/// <summary>The database behind the experiments that need one, as configured; null when there is none.</summary>
public sealed record DatabaseInfo(string Provider, int MaxPoolSize);
