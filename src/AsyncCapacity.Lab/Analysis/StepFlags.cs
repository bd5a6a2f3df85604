using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using static AsyncCapacity.Lab.Analysis.StepAnalysis;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>Reasons not to trust a step blindly, each with the figures that show it.</summary>
public static class StepFlags
{
    public static List<StepFlag> Of(
        ProbeSamples step, SlaVerdict verdict, double? littlesLaw, HostCpu? cpu, double seconds,
        Saturation? saturated, CpuIsolation? isolation)
    {
        var flags = new List<StepFlag>();
        if (step.Requests == 0)
        {
            flags.Add(new(StepFlagKind.NoneCompleted));
        }
        else if (verdict.Missed.Contains("clients"))
        {
            flags.Add(new(StepFlagKind.ClientsUnanswered)
            {
                Requests = step.Requests, Clients = step.Concurrency, Seconds = seconds, Count = verdict.Unanswered,
            });
        }

        if (!verdict.Judged)
        {
            flags.Add(new(StepFlagKind.TooFewToJudge)
            {
                Requests = step.Requests, Seconds = seconds, Needed = Search.ProbeWindow.MinRequests,
            });
        }

        if (step.Failed > 0)
        {
            flags.Add(new(StepFlagKind.RequestsFailed) { Count = step.Failed, Requests = step.Requests });
        }

        if (step.Dropped > 0)
        {
            flags.Add(new(StepFlagKind.ArrivalsDropped)
            {
                Count = step.Dropped, Ratio = verdict.DroppedShare, Requests = step.Requests, Seconds = seconds,
                Clients = step.Concurrency,
            });
        }

        if (step.ConnectionsFailed > 0 || step.ConnectionsDropped > 0)
        {
            flags.Add(new(StepFlagKind.SessionsLost)
            {
                Count = step.ConnectionsFailed ?? 0, SessionsDropped = step.ConnectionsDropped ?? 0,
            });
        }

        if (littlesLaw is { } ratio && Math.Abs(ratio - 1) > LittlesLawTolerance)
        {
            var kind = ratio >= 1 ? StepFlagKind.LittlesLawNotSteady
                // No request came near the window's length, so none was left unfinished: the missing time went to
                // k6's own work per iteration, which shows at sub-millisecond latencies.
                : step.DurationMs?.Max * 10 < seconds * 1000 ? StepFlagKind.LittlesLawClientPace
                : StepFlagKind.LittlesLawUnfinished;
            flags.Add(new(kind) { Clients = step.Concurrency, Ratio = ratio });
        }

        if (saturated == Saturation.LoadGenerator && isolation is not null)
        {
            flags.Add(new(StepFlagKind.LoadGeneratorLimit)
            {
                Percent = LoadGeneratorPercentOfItsCpus(cpu!, isolation), Cpus = isolation.LoadGeneratorCpus,
            });
        }

        if (isolation is null && cpu is { MachinePercent: >= BusyMachineCpuPercent })
        {
            flags.Add(new(StepFlagKind.BusyMachine)
            {
                Percent = cpu.MachinePercent, LoadGeneratorPercent = cpu.LoadGeneratorPercent,
            });
        }

        return flags;
    }
}
