using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>The host's facts are the CLI's to read (Cli/Observe's HostFacts); "not recorded" for k6 scripts run on their own.</summary>
public sealed record RunFacts(
    DateTimeOffset StartedAt,
    DateTimeOffset FinishedAt,
    string K6Version,
    string Profile,
    AppTarget Target,
    RunIsolation Isolation,
    SweepSettings Settings,
    Sla Sla,
    InstrumentOverhead? Overhead = null,
    CpuIsolation? CpuIsolation = null,
    string? Live = null)
{
    public const string NotRecorded = "not recorded (k6 scripts run on their own)";

    public string Machine { get; init; } = NotRecorded;

    public string Os { get; init; } = NotRecorded;

    public ConnectionLimits? Limits { get; init; }

    /// <summary>--app-cpus, as set; what .NET made of it is read from the app (<see cref="RunDescription"/>).</summary>
    public CpuQuota? CpuQuota { get; init; }

    /// <summary>The k6 runners every probe was split over; null: one k6.</summary>
    public IReadOnlyList<LoadRunnerInfo>? LoadRunners { get; init; }
}
