using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using static AsyncCapacity.Lab.Analysis.StepAnalysis;

namespace AsyncCapacity.Lab.Analysis;

public static class StepFlags
{
    public static List<StepFlag> Of(
        ProbeSamples step, SlaVerdict verdict, double? littlesLaw, HostCpu? cpu, double seconds,
        Saturation? saturated, CpuIsolation? isolation, double? cpuOfQuotaPercent = null) =>
        [.. Answers(step, verdict, seconds), .. Losses(step, verdict, seconds), .. Pace(step, littlesLaw, seconds),
            .. Cpu(cpu, saturated, isolation), .. Quota(verdict, cpu?.AppThrottling, cpuOfQuotaPercent), .. Runners(step)];

    /// <summary>Runners that start further apart than this share of the warm-up load the app unevenly into the measured window.</summary>
    public const double RunnersApartShareOfWarmup = 0.25;

    /// <summary>A split probe whose runners started apart, or one of whose runners ran short of CPU, measured its runners as much
    /// as the app: every runner needs headroom, as one k6 does.</summary>
    private static IEnumerable<StepFlag> Runners(ProbeSamples step)
    {
        if (step.Runners is not { Count: > 1 } runners)
        {
            yield break;
        }

        var apartMs = runners.Max(r => r.StartedAtMs) - runners.Min(r => r.StartedAtMs);
        if (apartMs > RunnersApartShareOfWarmup * (step.MeasureFromMs - step.StartMs))
        {
            yield return new(StepFlagKind.RunnersApart) { Seconds = apartMs / 1000.0, Count = runners.Count };
        }

        foreach (var runner in runners.Where(r => r.CpuPercent >= CapacityLimit.LoadGeneratorBusyPercent))
        {
            yield return new(StepFlagKind.RunnerLimit) { Text = runner.Runner, Percent = runner.CpuPercent, Needed = runner.Cpus };
        }
    }

    /// <summary>The quota ran out in at least one period in twenty: a period or two in a window of forty (a GC, the runtime's timers)
    /// costs a few milliseconds and explains no missed SLA (sleep sync under 0.5 CPU: 1 of 33 periods, the app at 7% of its quota).
    /// </summary>
    public const double MinThrottledShare = 0.05;

    /// <summary>A request that runs into a throttled slice waits for the next period (up to 100 ms): where the SLA was missed while
    /// the quota ran out, the miss is the quota's as much as the code's.</summary>
    private static IEnumerable<StepFlag> Quota(SlaVerdict verdict, Throttling? throttling, double? cpuOfQuotaPercent)
    {
        if (!verdict.Meets && throttling is { ThrottledPeriods: > 0 } throttled && throttled.ThrottledShare >= MinThrottledShare)
        {
            yield return new(StepFlagKind.Throttled)
            {
                Count = throttled.ThrottledPeriods,
                Requests = throttled.Periods,
                Ratio = Math.Round(throttled.ThrottledShare, 3),
                Seconds = throttled.ThrottledSeconds,
                Percent = cpuOfQuotaPercent,
            };
        }
    }

    private static IEnumerable<StepFlag> Answers(ProbeSamples step, SlaVerdict verdict, double seconds)
    {
        if (step.Requests == 0)
        {
            yield return new(StepFlagKind.NoneCompleted);
        }
        else if (verdict.Missed.Contains("clients"))
        {
            yield return new(StepFlagKind.ClientsUnanswered)
            {
                Requests = step.Requests,
                Clients = step.Concurrency,
                Seconds = seconds,
                Count = verdict.Unanswered,
            };
        }

        if (!verdict.Judged)
        {
            yield return new(StepFlagKind.TooFewToJudge)
            {
                Requests = step.Requests,
                Seconds = seconds,
                Needed = Search.ProbeWindow.MinRequests,
            };
        }
    }

    private static IEnumerable<StepFlag> Losses(ProbeSamples step, SlaVerdict verdict, double seconds)
    {
        if (step.Failed > 0)
        {
            yield return new(StepFlagKind.RequestsFailed) { Count = step.Failed, Requests = step.Requests };
        }

        if (step.Dropped > 0)
        {
            yield return new(StepFlagKind.ArrivalsDropped)
            {
                Count = step.Dropped,
                Ratio = verdict.DroppedShare,
                Requests = step.Requests,
                Seconds = seconds,
                Clients = step.Concurrency,
            };
        }

        if (step.ConnectionsFailed > 0 || step.ConnectionsDropped > 0)
        {
            yield return new(StepFlagKind.SessionsLost)
            {
                Count = step.ConnectionsFailed ?? 0,
                SessionsDropped = step.ConnectionsDropped ?? 0,
            };
        }
    }

    private static IEnumerable<StepFlag> Pace(ProbeSamples step, double? littlesLaw, double seconds)
    {
        if (littlesLaw is { } ratio && Math.Abs(ratio - 1) > LittlesLawTolerance)
        {
            var kind = ratio >= 1 ? StepFlagKind.LittlesLawNotSteady
                // No request came near the window's length, so none was left unfinished: the missing time went to
                // k6's own work per iteration, which shows at sub-millisecond latencies.
                : step.DurationMs?.Max * 10 < seconds * 1000 ? StepFlagKind.LittlesLawClientPace
                : StepFlagKind.LittlesLawUnfinished;
            yield return new(kind) { Clients = step.Concurrency, Ratio = ratio };
        }
    }

    private static IEnumerable<StepFlag> Cpu(HostCpu? cpu, Saturation? saturated, CpuIsolation? isolation)
    {
        if (saturated == Saturation.LoadGenerator && isolation is not null)
        {
            yield return new(StepFlagKind.LoadGeneratorLimit)
            {
                Percent = LoadGeneratorPercentOfItsCpus(cpu!, isolation),
                Cpus = isolation.LoadGeneratorCpus,
            };
        }

        if (isolation is null && cpu is { MachinePercent: >= BusyMachineCpuPercent })
        {
            yield return new(StepFlagKind.BusyMachine) { Percent = cpu.MachinePercent, LoadGeneratorPercent = cpu.LoadGeneratorPercent };
        }
    }
}
