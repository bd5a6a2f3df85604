using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>Built the same way by the sweep and by `capacity report` (docker compose).</summary>
public static class RunDescription
{
    public static RunInfo Of(RunFacts run, RuntimeReport? app) => new(
        run.StartedAt,
        run.FinishedAt,
        run.Machine,
        app?.ProcessorCount ?? 0,
        run.Os,
        app?.Framework ?? "unknown",
        run.K6Version,
        app?.Database?.Provider,
        app?.Database?.MaxPoolSize,
        run.Profile,
        run.Target,
        run.Isolation,
        run.Settings with { MinWorkerThreads = run.Settings.MinWorkerThreads ?? app?.MinWorkerThreads },
        run.Sla,
        run.Limits is null && app?.ListenBacklog is null ? null
            : (run.Limits ?? new ConnectionLimits(null, null, null, null)) with { ListenBacklog = app?.ListenBacklog },
        run.Overhead,
        run.CpuIsolation,
        run.Live)
    {
        CpuQuota = run.CpuQuota is { } quota
            ? quota with { ProcessorCount = app?.ProcessorCount, MinWorkerThreads = app?.MinWorkerThreads }
            : null,
        LoadRunners = run.LoadRunners,
    };

    /// <summary>Only database experiments' apps describe a database: it comes from whichever had one.</summary>
    public static RuntimeReport? Merge(RuntimeReport? known, RuntimeReport? latest) =>
        known is null ? latest : latest is null ? known : known with { Database = known.Database ?? latest.Database };
}
