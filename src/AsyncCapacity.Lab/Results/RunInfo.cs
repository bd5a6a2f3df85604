using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

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
    string? Live = null)
{
    /// <summary>--app-cpus: the app's CFS quota, as a pod's limits.cpu sets it; null: none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CpuQuota? CpuQuota { get; init; }

    /// <summary>--load-runners or --load-hosts: the k6 runners every probe was split over; null: one k6 on this machine.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<LoadRunnerInfo>? LoadRunners { get; init; }
}

/// <summary>One k6 runner of split probes: its name, where it ran (local, ssh), the CPUs it was pinned to and how many.</summary>
public sealed record LoadRunnerInfo(string Name, string Where, string? Cpus, int? CpuCount)
{
    /// <summary>Local runners outnumbering their CPUs share them: how many share this runner's; null: its own.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? SharedWith { get; init; }
}

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

/// <summary>The app's CPU limit as Kubernetes sets limits.cpu: a CFS quota of Cpus × the period per period. ProcessorCount and
/// the pool's minimum are what .NET made of it, read from the running app (how a fraction rounds has changed across versions).</summary>
public sealed record CpuQuota(double Cpus, int PeriodMicroseconds, string Cgroup, int MachineCores)
{
    /// <summary>Kubernetes', Docker's and the kernel's default CFS period.</summary>
    public const int DefaultPeriodMicroseconds = 100_000;

    public int? ProcessorCount { get; init; }

    public int? MinWorkerThreads { get; init; }
}
