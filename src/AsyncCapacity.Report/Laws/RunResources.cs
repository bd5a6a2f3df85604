using System.Globalization;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Laws;

/// <summary>
/// How many units of each declared resource the app had, as the run recorded them: the cores it saw, the pool's minimum
/// threads (what it serves with before hill climbing adds any), the database pool and the bounded audit writers.
/// </summary>
/// <param name="SharedCores">The machine's cores when the app shares them with k6 (no CPU isolation); null when isolated.</param>
/// <param name="AuditQueue">Entries the bounded audit log queues for its writers; beyond them, and the writers, 503.</param>
public sealed record RunResources(int AppCores, int? PoolMinimum, int? DbPoolSize, int AuditWriters, int? SharedCores = null, int AuditQueue = Hold.DefaultAuditQueue)
{
    public static RunResources Of(RunInfo run)
    {
        var cores = run.CpuIsolation?.AppCores ?? run.Cores;
        int Setting(string name, int fallback) => run.Settings.AppSettings is { } settings
            && settings.TryGetValue(name, out var raw)
            && int.TryParse(raw, NumberStyles.None, CultureInfo.InvariantCulture, out var given) ? given : fallback;
        return new(cores, run.Settings.MinWorkerThreads ?? (cores > 0 ? cores : null), run.DatabasePoolSize,
            Setting(Hold.AuditWritersSetting, Hold.DefaultAuditWriters), run.CpuIsolation is null && cores > 0 ? cores : null,
            Setting(Hold.AuditQueueSetting, Hold.DefaultAuditQueue));
    }

    /// <summary>The units of a resource and where they were counted; null when the run did not record them.</summary>
    public (double Units, string From)? Units(HeldResource resource) => resource switch
    {
        HeldResource.Threads when PoolMinimum is { } threads => (threads, "the pool's minimum"),
        HeldResource.DbConnections when DbPoolSize is { } pool => (pool, "the pool's size"),
        HeldResource.AuditWriters => (AuditWriters, Hold.AuditWritersSetting),
        _ => null,
    };
}
