using System.Runtime.InteropServices;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

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
    string? Live = null);

public sealed record HostFacts(string Machine, string Os, ConnectionLimits? Limits = null)
{
    public const string NotRecorded = "not recorded (k6 scripts run on their own)";

    public static HostFacts Current { get; } = new(Environment.MachineName, RuntimeInformation.OSDescription, KernelLimits.Read());

    public static HostFacts Unknown { get; } = new(NotRecorded, NotRecorded);
}

/// <summary>Built the same way by the sweep and by `capacity report` (docker compose).</summary>
public static class RunDescription
{
    public static RunInfo Of(RunFacts run, RuntimeReport? app, HostFacts host) => new(
        run.StartedAt,
        run.FinishedAt,
        host.Machine,
        app?.ProcessorCount ?? 0,
        host.Os,
        app?.Framework ?? "unknown",
        run.K6Version,
        app?.Database?.Provider,
        app?.Database?.MaxPoolSize,
        run.Profile,
        run.Target,
        run.Isolation,
        run.Settings with { MinWorkerThreads = run.Settings.MinWorkerThreads ?? app?.MinWorkerThreads },
        run.Sla,
        host.Limits is null && app?.ListenBacklog is null ? null
            : (host.Limits ?? new ConnectionLimits(null, null, null, null)) with { ListenBacklog = app?.ListenBacklog },
        run.Overhead,
        run.CpuIsolation,
        run.Live);

    /// <summary>Only database experiments' apps describe a database: it comes from whichever had one.</summary>
    public static RuntimeReport? Merge(RuntimeReport? known, RuntimeReport? latest) =>
        known is null ? latest : latest is null ? known : known with { Database = known.Database ?? latest.Database };
}
