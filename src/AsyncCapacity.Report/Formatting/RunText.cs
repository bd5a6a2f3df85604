using AsyncCapacity.Lab.Results;
using static System.FormattableString;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The run header's target and isolation, as the report and compare say them.</summary>
public static class RunText
{
    public static string Target(AppTarget target) => target.Kind switch
    {
        AppTargetKind.BuiltApp => $"the app, built in Release and started by the sweep on 127.0.0.1{Outside(target)}",
        AppTargetKind.PublishedApp =>
            $"the app published in {target.Where}, started by the sweep on 127.0.0.1{Container(target)}{Outside(target)}",
        AppTargetKind.UserApp =>
            $"your app `{target.Where}`{(target.Project is null ? "" : $" (built from {target.Project} in Release)")}, "
            + $"started by the sweep{(target.Folder is null ? "" : $" in {target.Folder}")} on 127.0.0.1 on this machine for every probe, "
            + $"ready at GET {target.ReadyPath}"
            + (target.MinWorkerThreads is { } min ? Invariant($", minimum pool threads {min}, set by a startup hook") : "")
            + Outside(target),
        AppTargetKind.Url => (target.ProcessId is { } pid
            ? Invariant($"{target.Where} (process {pid} on this machine, started by you)")
            : target.Where) + Outside(target),
        _ => target.Text ?? string.Empty,
    };

    public static string Isolation(RunIsolation isolation) => isolation.Kind switch
    {
        RunIsolationKind.FreshPerProbe => "a fresh app process for every probe: no probe inherits threads grown by another",
        RunIsolationKind.OneProcessPerRun => Invariant($"one app process for all probes, {isolation.CooldownSeconds:0.#} s ")
            + "cool-down between probes (idle pool threads retire after ~20 s)",
        RunIsolationKind.OneProcessForSteps => isolation.CooldownSeconds > 0
            ? Invariant($"one app process for all steps, {isolation.CooldownSeconds:0.#} s cool-down between steps")
            : "one app process for all steps, no cool-down: later steps inherit threads grown by earlier ones",
        _ => isolation.Text ?? string.Empty,
    };

    /// <summary>"0.5 CPU: a CFS quota of 50 ms per 100 ms period (cgroup v1), as a pod's limits.cpu of 500m".</summary>
    public static string Quota(double cpus, int periodMicroseconds, string cgroup) =>
        $"{Format.Number(cpus)} {(cpus == 1 ? "CPU" : "CPUs")}: a CFS quota of {Format.Duration(cpus * periodMicroseconds / 1000)} per "
        + $"{Format.Duration(periodMicroseconds / 1000.0)} period (cgroup {cgroup}), as a pod's limits.cpu of "
        + Invariant($"{Math.Round(cpus * 1000)}m");

    /// <summary>The quota and what .NET made of it: "…; .NET counted 1 processor, so the pool's minimum was 1".</summary>
    public static string Quota(CpuQuota? quota) => quota is null
        ? "none (the app may use every core it is given)"
        : Quota(quota.Cpus, quota.PeriodMicroseconds, quota.Cgroup)
            + (quota.ProcessorCount is { } processors
                ? $"; .NET counted {Format.Count(processors)} {(processors == 1 ? "processor" : "processors")}"
                    + (quota.MinWorkerThreads is not { } minimum ? ""
                        : minimum == processors ? $", so the pool's minimum was {Format.Count(minimum)}"
                        : $", and the pool's minimum was {Format.Count(minimum)}, set above it")
                : "");

    /// <summary>"Load split over 2 k6 runners (execution segments, results merged exactly): local 1 (CPU 0), local 2 (CPU 1)".</summary>
    public static string Runners(IReadOnlyList<LoadRunnerInfo>? runners) => runners is not { Count: > 0 }
        ? "one k6 on this machine"
        : Invariant($"every probe split over {runners.Count} k6 runners (execution segments, results merged exactly: the SLA verdict ")
            + "one k6 gives on all the requests): "
            + string.Join(", ", runners.Select(r => r.Name + (r.SharedWith is { } shared ? Invariant($", shared by {shared} runners") : "")
                + (r.Where == "local" && r.Cpus is null ? " (any CPU)" : "")));

    private static string Container(AppTarget target) => target.ContainerCpus is { } cpus
        ? Invariant($" in the sweep's container ({cpus} {(cpus == 1 ? "CPU" : "CPUs")}, shared with k6)")
        : "";

    private static string Outside(AppTarget target) => target.ReadFromOutside ? "; its runtime read from outside over EventPipe" : "";
}
