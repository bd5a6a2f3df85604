using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Analysis;

public static class StepAnalysis
{
    /// <summary>A closed loop obeys N = X·R; outside this band the step was not steady or requests were left unfinished.</summary>
    public const double LittlesLawTolerance = 0.2;

    public const double BusyMachineCpuPercent = StepFlag.BusyMachinePercent;

    public const double SaturatedPercent = 90;

    /// <summary>Two-thirds of a core of two.</summary>
    public const double SharedLoadGeneratorPercent = 33;

    public static StepResult Analyse(StepRun run, ExperimentTerms terms)
    {
        var step = run.Step;
        var seconds = Math.Max(0.001, (step.EndMs - step.MeasureFromMs) / 1000.0);
        var rps = step.Requests / seconds;
        var verdict = SlaJudge.Of(step, StepPlan.Of(step, terms.Model, terms.Kind), terms.Sla);
        var latency = step.Requests > 0 ? step.DurationMs : null;
        // N = X·R holds for the closed model's N clients; an open step has no fixed N to check it against.
        double? littlesLaw = !terms.Model.IsOpen && latency?.Avg is { } meanMs
            ? rps * meanMs / 1000 / step.Concurrency
            : null;
        var server = ServerWindow.Of(run.Timeline, step, terms.Gauges.SelectMany(g => g.Columns));
        var ofQuota = OfQuota(server.CpuPercent, run.AppProcessorCount, terms.AppCpuQuota);
        var saturated = BusiestRunnerPercent(step.Runners) >= SaturatedPercent
            ? Saturation.LoadGenerator
            : Saturated(ofQuota ?? server.CpuPercent, run.Cpu, terms.Isolation);

        return new StepResult
        {
            Concurrency = step.Concurrency,
            StartedAt = DateTimeOffset.FromUnixTimeMilliseconds(step.StartMs),
            MeasuredFrom = DateTimeOffset.FromUnixTimeMilliseconds(step.MeasureFromMs),
            EndedAt = DateTimeOffset.FromUnixTimeMilliseconds(step.EndMs),
            DurationSeconds = Math.Round(seconds, 3),
            Requests = step.Requests,
            Errors = verdict.Errors,
            ErrorRate = verdict.ErrorRate,
            Rps = Math.Round(rps, 2),
            MeanMs = latency?.Avg,
            P50Ms = latency?.Med,
            P90Ms = latency?.P90,
            P95Ms = latency?.P95,
            P99Ms = latency?.P99,
            MaxMs = latency?.Max,
            ServerP50Ms = step.Requests > 0 ? step.ServerMs?.Med : null,
            ThreadsAtStart = server.ThreadsAtStart,
            ThreadsAtEnd = server.ThreadsAtEnd,
            MaxQueueLength = server.MaxQueueLength,
            CpuPercent = server.CpuPercent,
            MachineCpuPercent = run.Cpu?.MachinePercent,
            LoadGeneratorCpuPercent = run.Cpu?.LoadGeneratorPercent,
            LoadGeneratorMemoryMb = run.Cpu?.LoadGeneratorMemoryMb,
            CpuOfQuotaPercent = ofQuota,
            Throttling = run.Cpu?.AppThrottling,
            Gauges = server.Gauges,
            LittlesLawRatio = littlesLaw is { } ratio ? Math.Round(ratio, 3) : null,
            MeetsSla = verdict.Meets,
            Thin = !verdict.Judged,
            Missed = verdict.Missed,
            Flags = StepFlags.Of(step, verdict, littlesLaw, run.Cpu, seconds, saturated, terms.Isolation, ofQuota),
            Saturated = saturated,
            Adjustments = server.Adjustments,
            LockContentions = server.LockContentions,
            GcPauseMs = server.GcPauseMs,
            OfferedRps = terms.Model.IsOpen ? step.Concurrency : null,
            Dropped = step.Dropped,
            DroppedShare = verdict.DroppedShare,
            ConnectP95Ms = step.ConnectMs?.P95,
            ConnectionsFailed = step.ConnectionsFailed,
            ConnectionsDropped = step.ConnectionsDropped,
            Runners = step.Runners,
            Waits = run.Stacks is { } stacks ? WaitGroups.Of(stacks) : null,
            WaitsCost = run.Stacks is { } taken ? new StackCost(taken.SessionMs, taken.TotalMs) : null,
        };
    }

    /// <summary>A split probe's busiest runner, as a share of its own CPUs; null for one k6 or runners whose CPU was not read.</summary>
    public static double? BusiestRunnerPercent(IReadOnlyList<RunnerShare>? runners) => runners?.Max(r => r.CpuPercent);

    /// <summary>The app's CPU as a share of its quota: its CPU percent is of the cores .NET counted (1 for a quota of 0.5).</summary>
    public static double? OfQuota(double? appCpuPercent, int? processorCount, double? quotaCpus) =>
        appCpuPercent is { } percent && processorCount is > 0 && quotaCpus is > 0
            ? Math.Round(percent * processorCount.Value / quotaCpus.Value, 1)
            : null;

    /// <summary>k6 is asked first: when it is at its limit, more load measures k6, whatever the app's CPU.</summary>
    public static Saturation? Saturated(double? appCpuPercent, HostCpu? cpu, CpuIsolation? isolation)
    {
        if (cpu is not null && LoadGeneratorPercentOfItsCpus(cpu, isolation) is var loadGenerator
            && (isolation is null
                ? cpu.MachinePercent >= BusyMachineCpuPercent && cpu.LoadGeneratorPercent >= SharedLoadGeneratorPercent
                : loadGenerator >= SaturatedPercent))
        {
            return Saturation.LoadGenerator;
        }

        return appCpuPercent >= SaturatedPercent ? Saturation.App : null;
    }

    public static double LoadGeneratorPercentOfItsCpus(HostCpu cpu, CpuIsolation? isolation) =>
        isolation is null
            ? cpu.LoadGeneratorPercent
            : Math.Round(cpu.LoadGeneratorPercent * isolation.MachineCores / isolation.LoadGeneratorCores, 1);
}
