using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Bump <see cref="CurrentSchemaVersion"/> on a change that breaks a reader; ResultsJson upgrades the one before.</summary>
public sealed record ResultsDocument(
    int SchemaVersion,
    RunInfo Run,
    IReadOnlyList<ExperimentResult> Experiments)
{
    /// <summary>5: flags, reasons, a bound's source and the run's target are data, no longer sentences.</summary>
    public const int CurrentSchemaVersion = 5;

    /// <summary>Null for a run that ended as planned.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public PartialRun? Partial { get; init; }
}

public sealed record RunInfo(
    DateTimeOffset StartedAt,
    DateTimeOffset FinishedAt,
    string Machine,
    int Cores,
    string Os,
    string DotnetVersion,
    string K6Version,
    string? DatabaseProvider,
    int? DatabasePoolSize,
    string Profile,
    AppTarget Target,
    RunIsolation Isolation,
    SweepSettings Settings,
    Sla Sla,
    ConnectionLimits? Limits = null,
    InstrumentOverhead? Overhead = null,
    CpuIsolation? CpuIsolation = null,
    string? Live = null);

/// <summary>.NET sized the app to its CPUs, so its pool's minimum is AppCores.</summary>
public sealed record CpuIsolation(string AppCpus, string LoadGeneratorCpus, int AppCores, int LoadGeneratorCores, int MachineCores);

/// <summary>Ratio = the lab's app ÷ bench/MinimalApp in median req/s on the same route: 0.95 means the lab's pipeline costs
/// 5% of a request doing nothing.</summary>
public sealed record InstrumentOverhead(
    string Route,
    int Clients,
    double Seconds,
    int Rounds,
    double AppRps,
    double MinimalRps,
    double Ratio,
    double? LoadGeneratorCpuPercent);

public sealed record ConnectionLimits(int? ListenBacklog, int? SoMaxConn, long? OpenFiles, string? EphemeralPorts);

public sealed record SweepSettings(
    LoadModel Model,
    IReadOnlyList<int> Steps,
    double WarmupSeconds,
    double StepSeconds,
    double CooldownSeconds,
    int? MinWorkerThreads,
    RequestQueueSettings? RequestQueue = null,
    IReadOnlyDictionary<string, string>? AppSettings = null);

public sealed record RequestQueueSettings(int MaxConcurrent, int Limit);
