using AsyncCapacity.Lab.Results;
using static System.FormattableString;

namespace AsyncCapacity.Report.Formatting;

/// <summary>A step's flag as the sentence the report and the comparison show.</summary>
public static class FlagText
{
    /// <summary>Why a held load measured nothing, in the words a failed probe's flag has.</summary>
    public static string WhyFailed(SustainedHold hold) => hold.Failure is { } why ? Of(why) : "the held load failed";

    public static string Of(StepFlag flag) => flag.Kind switch
    {
        StepFlagKind.NoneCompleted =>
            "No request completed in the measured window: every client was still waiting when the step ended.",
        StepFlagKind.ClientsUnanswered =>
            Invariant($"Only {flag.Requests} answers for {flag.Clients} clients in {flag.Seconds:0.#} s: at least {flag.Count} ")
            + Invariant($"clients ({flag.Count * 100.0 / flag.Clients:0}%) waited longer than the whole ")
            + "window, so the step misses the SLA whatever the completed requests' p95.",
        StepFlagKind.TooFewToJudge =>
            Invariant($"Only {flag.Requests} requests completed in the {flag.Seconds:0.#} s window, ")
            + Invariant($"fewer than the {flag.Needed} a p95 needs: ")
            + "the step is shown but not judged, and the capacity's estimate leaves it out.",
        StepFlagKind.RequestsFailed =>
            Invariant($"{flag.Count} of {flag.Requests} requests failed ({flag.Count * 100.0 / Math.Max(1, flag.Requests ?? 0):0.0}%): ")
            + "non-2xx answers, timeouts or refused connections.",
        StepFlagKind.ArrivalsDropped =>
            Invariant($"{flag.Count} arrivals were dropped ({flag.Ratio * 100:0.#}% of those offered, warm-up included): ")
            + "every one of the step's clients was still waiting when they were due, so they were never sent. "
            + Invariant($"Achieved {flag.Requests / flag.Seconds:0.#} of {flag.Clients} req/s offered."),
        StepFlagKind.SessionsLost =>
            Invariant($"{flag.Count} sessions failed to open and {flag.SessionsDropped} dropped ")
            + "before the step's end (warm-up included); each counts as an error, and any misses the SLA.",
        StepFlagKind.LittlesLawNotSteady or StepFlagKind.LittlesLawClientPace or StepFlagKind.LittlesLawUnfinished =>
            LittlesLaw(flag),
        StepFlagKind.LoadGeneratorLimit =>
            Invariant($"k6 used {flag.Percent:0}% of its CPUs ({flag.Cpus}): ")
            + "the load generator was the limit of this step, so a higher load would measure k6, not the app.",
        StepFlagKind.BusyMachine =>
            Invariant($"The machine's CPU was {flag.Percent:0}% busy (k6 itself {flag.LoadGeneratorPercent:0}%): ")
            + "the app, k6 and anything else running competed for cores, so latencies may be overstated.",
        StepFlagKind.PastDeadline =>
            Invariant($"The probe was still running {flag.Seconds:0} s after it started, past its deadline, and was stopped: ")
            + "it measured nothing, and the search went on without it (no load at or above it was tried again).",
        StepFlagKind.LoadGeneratorFailed =>
            Invariant($"k6 failed (exit {flag.Count}) without its results")
            + (flag.Text is { Length: > 0 } words ? $": {words}" : "")
            + ". The probe measured nothing, and the search went on without it (no load at or above it was tried again).",
        StepFlagKind.Throttled =>
            Invariant($"The SLA was missed while the app was throttled: its CPU quota ran out in {flag.Count} of {flag.Requests} ")
            + Invariant($"periods ({flag.Ratio * 100:0}%), its threads waiting {Format.Duration(flag.Seconds * 1000)} in all")
            + (flag.Percent is { } ofQuota ? Invariant($", the app at {ofQuota:0}% of its quota") : "")
            + ": a request that runs into a throttled slice waits for the next 100 ms period.",
        StepFlagKind.RunnersApart =>
            Invariant($"The {flag.Count} k6 runners started {Format.Duration(flag.Seconds * 1000)} apart, more than a quarter of the ")
            + "warm-up: the app met the whole load later than the window assumes, so the step may read better than it was.",
        StepFlagKind.RunnerLimit =>
            Invariant($"The k6 runner {flag.Text} used {flag.Percent:0}% of its ")
            + (flag.Needed is { } cpus ? Invariant($"{cpus} CPU{(cpus == 1 ? "" : "s")}") : "CPUs")
            + ": a runner was the limit of this step, so a higher load would measure the runners, not the app.",
        _ => flag.Text ?? string.Empty,
    };

    /// <summary>The sentences of a step's flags, in order.</summary>
    public static IEnumerable<string> All(StepResult step) => step.Flags.Select(Of);

    private static string LittlesLaw(StepFlag flag) =>
        Invariant($"Little's law does not hold: {flag.Clients} clients, but throughput × mean latency = ")
        + Invariant($"{flag.Ratio * flag.Clients:0.#} ({flag.Ratio * 100:0}%). ")
        + flag.Kind switch
        {
            StepFlagKind.LittlesLawNotSteady => "The step was not steady: requests from before the window completed inside it.",
            StepFlagKind.LittlesLawClientPace =>
                "The clients spent that time between requests (k6's own work per iteration, which counts when requests take "
                + "well under a millisecond): the load generator set part of the pace.",
            _ => "Requests were still unfinished when the step ended, so the completed ones understate latency.",
        };
}
