using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

public static class StepAnalysis
{
    /// <summary>A closed loop obeys N = X·R; outside this band the step was not steady or requests were left unfinished.</summary>
    public const double LittlesLawTolerance = 0.2;

    /// <summary>Above this machine CPU the load generator competes with the app for cores.</summary>
    public const double BusyMachineCpuPercent = 90;

    /// <summary>A side at this share of its CPUs or more is at its limit.</summary>
    public const double SaturatedPercent = 90;

    /// <summary>Sharing a busy machine, k6 is the limit from this share of it (two-thirds of a core of two).</summary>
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
        var saturated = Saturated(server.CpuPercent, run.Cpu, terms.Isolation);

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
            Gauges = server.Gauges,
            LittlesLawRatio = littlesLaw is { } ratio ? Math.Round(ratio, 3) : null,
            MeetsSla = verdict.Meets,
            Thin = !verdict.Judged,
            Missed = verdict.Missed,
            Flags = Flags(step, verdict, littlesLaw, run.Cpu, seconds, saturated, terms.Isolation),
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
        };
    }

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

    /// <summary>Of the CPUs k6 may use: all of the machine's, or its own set's.</summary>
    public static double LoadGeneratorPercentOfItsCpus(HostCpu cpu, CpuIsolation? isolation) =>
        isolation is null
            ? cpu.LoadGeneratorPercent
            : Math.Round(cpu.LoadGeneratorPercent * isolation.MachineCores / isolation.LoadGeneratorCores, 1);

    private static List<string> Flags(
        ProbeSamples step, SlaVerdict verdict, double? littlesLaw, HostCpu? cpu, double seconds,
        Saturation? saturated, CpuIsolation? isolation)
    {
        var flags = new List<string>();
        if (step.Requests == 0)
        {
            flags.Add("No request completed in the measured window: every client was still waiting when the step ended.");
        }
        else if (verdict.Missed.Contains("clients"))
        {
            flags.Add(FormattableString.Invariant(
                    $"Only {step.Requests} answers for {step.Concurrency} clients in {seconds:0.#} s: at least {verdict.Unanswered} ")
                + FormattableString.Invariant($"clients ({verdict.Unanswered * 100.0 / step.Concurrency:0}%) waited longer than the whole ")
                + "window, so the step misses the SLA whatever the completed requests' p95.");
        }

        if (!verdict.Judged)
        {
            flags.Add(FormattableString.Invariant($"Only {step.Requests} requests completed in the {seconds:0.#} s window, ")
                + FormattableString.Invariant($"fewer than the {Search.ProbeWindow.MinRequests} a p95 needs: ")
                + "the step is shown but not judged, and the capacity's estimate leaves it out.");
        }

        if (step.Failed > 0)
        {
            flags.Add(FormattableString.Invariant(
                    $"{step.Failed} of {step.Requests} requests failed ({step.Failed * 100.0 / Math.Max(1, step.Requests):0.0}%): ")
                + "non-2xx answers, timeouts or refused connections.");
        }

        if (step.Dropped > 0)
        {
            flags.Add(FormattableString.Invariant(
                    $"{step.Dropped} arrivals were dropped ({verdict.DroppedShare * 100:0.#}% of those offered, warm-up included): ")
                + "every one of the step's clients was still waiting when they were due, so they were never sent. "
                + FormattableString.Invariant($"Achieved {step.Requests / seconds:0.#} of {step.Concurrency} req/s offered."));
        }

        if (step.ConnectionsFailed > 0 || step.ConnectionsDropped > 0)
        {
            flags.Add(FormattableString.Invariant(
                    $"{step.ConnectionsFailed ?? 0} sessions failed to open and {step.ConnectionsDropped ?? 0} dropped ")
                + "before the step's end (warm-up included); each counts as an error, and any misses the SLA.");
        }

        if (littlesLaw is { } ratio && Math.Abs(ratio - 1) > LittlesLawTolerance)
        {
            flags.Add(FormattableString.Invariant(
                    $"Little's law does not hold: {step.Concurrency} clients, but throughput × mean latency = ")
                + FormattableString.Invariant($"{ratio * step.Concurrency:0.#} ({ratio * 100:0}%). ")
                + (ratio >= 1 ? "The step was not steady: requests from before the window completed inside it."
                    : step.DurationMs?.Max * 10 < seconds * 1000
                        // No request came near the window's length, so none was left unfinished: the missing time went
                        // to k6's own work per iteration, which shows at sub-millisecond latencies.
                        ? "The clients spent that time between requests (k6's own work per iteration, which counts when requests take "
                            + "well under a millisecond): the load generator set part of the pace."
                        : "Requests were still unfinished when the step ended, so the completed ones understate latency."));
        }

        if (saturated == Saturation.LoadGenerator && isolation is not null)
        {
            flags.Add(FormattableString.Invariant(
                    $"k6 used {LoadGeneratorPercentOfItsCpus(cpu!, isolation):0}% of its CPUs ({isolation.LoadGeneratorCpus}): ")
                + "the load generator was the limit of this step, so a higher load would measure k6, not the app.");
        }

        if (isolation is null && cpu is { MachinePercent: >= BusyMachineCpuPercent })
        {
            flags.Add(FormattableString.Invariant(
                    $"The machine's CPU was {cpu.MachinePercent:0}% busy (k6 itself {cpu.LoadGeneratorPercent:0}%): ")
                + "the app, k6 and anything else running competed for cores, so latencies may be overstated.");
        }

        return flags;
    }
}
