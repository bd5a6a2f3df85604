using System.Globalization;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>Threads count the pool's minimum, before hill climbing; SharedCores is null when the CPUs are isolated.</summary>
public sealed record RunResources(
    int AppCores, int? PoolMinimum, int? DbPoolSize, int AuditWriters, int? SharedCores = null, int AuditQueue = Hold.DefaultAuditQueue)
{
    public static RunResources Of(RunInfo run)
    {
        var cores = run.CpuIsolation?.AppCores ?? run.Cores;
        int Setting(string name, int fallback) => run.Settings.AppSettings is { } settings
            && settings.TryGetValue(name, out var raw)
            && int.TryParse(raw, NumberStyles.None, CultureInfo.InvariantCulture, out var given) ? given : fallback;
        // Under a quota .NET counts whole processors (1 for 0.5), and the machine's cores are still shared with k6.
        var shared = run.CpuQuota?.MachineCores ?? cores;
        return new(cores, run.Settings.MinWorkerThreads ?? (cores > 0 ? cores : null), run.DatabasePoolSize,
            Setting(Hold.AuditWritersSetting, Hold.DefaultAuditWriters), run.CpuIsolation is null && shared > 0 ? shared : null,
            Setting(Hold.AuditQueueSetting, Hold.DefaultAuditQueue))
        {
            QuotaCpus = run.CpuQuota?.Cpus,
        };
    }

    /// <summary>--app-cpus: the CPU time per period the app may use, in CPUs; null without a quota.</summary>
    public double? QuotaCpus { get; init; }

    /// <summary>The CPUs the app may use: its quota, else the cores .NET counted (its CPU set's or the machine's).</summary>
    public double Cpus => QuotaCpus ?? AppCores;

    /// <summary>The units of a resource and where they were counted; null when the run did not record them.</summary>
    public (double Units, UnitsSource From)? Units(HeldResource resource) => resource switch
    {
        HeldResource.Threads => PoolMinimum is { } threads ? (threads, UnitsSource.PoolMinimum) : null,
        HeldResource.DbConnections => DbPoolSize is { } pool ? (pool, UnitsSource.PoolSize) : null,
        HeldResource.AuditWriters => (AuditWriters, UnitsSource.Named(Hold.AuditWritersSetting)),
        _ => throw new ArgumentOutOfRangeException(nameof(resource), resource, "no such held resource; the declaration's rules refuse it"),
    };
}
