using System.Globalization;
using System.Runtime.InteropServices;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The run header of results.json: the machine, the tools, the settings, and how steps were isolated.</summary>
internal static class RunDescription
{
    /// <summary>The app's description for the run header; the database part comes from whichever app had one.</summary>
    public static RuntimeReport? Merge(RuntimeReport? known, RuntimeReport? latest) =>
        known is null ? latest : latest is null ? known : known with { Database = known.Database ?? latest.Database };

    public static RunInfo Of(SweepRequest request, DateTimeOffset startedAt, K6Tool k6, RuntimeReport? appInfo)
    {
        var customised = request.Steps != request.Profile.Steps || request.WarmupSeconds != request.Profile.WarmupSeconds
            || request.StepSeconds != request.Profile.StepSeconds;
        return new RunInfo(
            startedAt,
            DateTimeOffset.UtcNow,
            Environment.MachineName,
            appInfo?.ProcessorCount ?? Environment.ProcessorCount,
            RuntimeInformation.OSDescription,
            appInfo?.Framework ?? "unknown",
            k6.Version,
            appInfo?.Database?.Provider,
            appInfo?.Database?.MaxPoolSize,
            request.Profile.Name + (customised ? " (customised)" : ""),
            request.Target?.ToString() ?? "the app, built in Release and started by the sweep on 127.0.0.1",
            request.Target is null
                ? "a fresh app process for every step: no step inherits threads grown by another"
                : string.Create(CultureInfo.InvariantCulture, $"one app process for all steps, {request.CooldownSeconds:0.#} s cool-down between steps (idle pool threads retire after ~20 s)"),
            new SweepSettings("closed", request.Steps, request.WarmupSeconds, request.StepSeconds,
                request.Target is null ? 0 : request.CooldownSeconds, request.MinWorkerThreads ?? appInfo?.MinWorkerThreads),
            request.Sla);
    }
}
