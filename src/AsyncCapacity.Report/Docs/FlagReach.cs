using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Docs;

/// <summary>Which of a probe's figures a flag undermines, so that a lesson drawn from them says so. A machine short of CPU
/// (k6 at its limit, or the machine busy) measured k6 as much as the app: every figure. Clients left unanswered, or a probe that
/// never settled: its latency and throughput (its threads and memory are still what the app held). k6 pacing the clients: its
/// throughput, not the latency of a request.</summary>
public static class FlagReach
{
    /// <summary>The figures a closed loop's unanswered or unsteady probe cannot vouch for.</summary>
    private static readonly HashSet<string> Timing = ["rps", "served", "p50", "p95", "p99", "mean", "capacity", "interval", "at"];

    private static readonly HashSet<string> Throughput = ["rps", "served", "capacity", "interval", "at"];

    /// <summary>Whether a flag of the probe undermines this figure of it (a field of a figure's query: "rps", "p95", …).</summary>
    public static bool Undermines(StepResult step, string field) => step.Flags.Any(flag => Undermines(flag, field));

    public static bool Undermines(StepFlag flag, string field) => flag.Kind switch
    {
        StepFlagKind.BusyMachine or StepFlagKind.LoadGeneratorLimit => true,
        StepFlagKind.Legacy => flag.Text?.StartsWith("The machine's CPU was", StringComparison.Ordinal) == true,
        StepFlagKind.ClientsUnanswered or StepFlagKind.LittlesLawNotSteady => Timing.Contains(field),
        StepFlagKind.LittlesLawClientPace => Throughput.Contains(field),
        _ => false,
    };

    /// <summary>A held load whose machine was at its limit measured k6 as much as the app, as a busy probe did.</summary>
    public static bool Undermines(SustainedHold hold) => hold.MachineCpuPercent >= StepFlag.BusyMachinePercent;
}
