using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>Turns one step's raw measurements into its row of the report: rates, server figures, SLA, flags.</summary>
public static class StepAnalysis
{
    /// <summary>A closed loop obeys N = X·R; outside this band the step was not steady or requests were left unfinished.</summary>
    public const double LittlesLawTolerance = 0.2;

    /// <summary>The share of a closed step's clients that may go unanswered for the whole window (the SLA's p95 allows 5% above it).</summary>
    public const double UnansweredClientsTolerance = 0.05;

    /// <summary>Above this machine CPU the load generator competes with the app for cores.</summary>
    public const double BusyMachineCpuPercent = 90;

    /// <param name="gauges">The experiment's gauges: their columns are computed from the step's samples.</param>
    public static StepResult Analyse(StepRun run, Sla sla, IEnumerable<Gauge>? gauges = null)
    {
        var step = run.Step;
        var seconds = Math.Max(0.001, (step.EndMs - step.MeasureFromMs) / 1000.0);
        var rps = step.Requests / seconds;
        // Open model: an arrival k6 could not send on time is a request the user never got answered, so it fails.
        var dropped = step.MeasuredDropped;
        var errors = step.Failed + (long)Math.Round(dropped);
        var errorRate = step.Requests + dropped > 0 ? (step.Failed + dropped) / (step.Requests + dropped) : 0;
        var latency = step.Requests > 0 ? step.DurationMs : null;
        // N = X·R holds for the closed model's N clients; an open step has no fixed N to check it against.
        double? littlesLaw = !step.IsOpenModel && latency?.Avg is { } meanMs ? rps * meanMs / 1000 / step.Concurrency : null;
        var server = ServerWindow.Of(run.Timeline, step, (gauges ?? []).SelectMany(g => g.Columns));
        // A WebSocket client that could not connect, or lost its session, is a client the app did not hold: no SLA allows one.
        var lostSessions = (step.ConnectionsFailed ?? 0) + (step.ConnectionsDropped ?? 0);
        var unanswered = Unanswered(step, seconds, sla);
        var meetsSla = step.Requests > 0 && latency?.P95 <= sla.P95Ms && errorRate <= sla.MaxErrorRate && lostSessions == 0
            && unanswered <= step.Concurrency * UnansweredClientsTolerance;

        return new StepResult(
            step.Concurrency,
            DateTimeOffset.FromUnixTimeMilliseconds(step.StartMs),
            DateTimeOffset.FromUnixTimeMilliseconds(step.MeasureFromMs),
            DateTimeOffset.FromUnixTimeMilliseconds(step.EndMs),
            Math.Round(seconds, 3),
            step.Requests,
            errors,
            errorRate,
            Math.Round(rps, 2),
            latency?.Avg,
            latency?.Med,
            latency?.P90,
            latency?.P95,
            latency?.P99,
            latency?.Max,
            step.Requests > 0 ? step.ServerMs?.Med : null,
            server.ThreadsAtStart,
            server.ThreadsAtEnd,
            server.MaxQueueLength,
            server.CpuPercent,
            run.Cpu?.MachinePercent,
            run.Cpu?.LoadGeneratorPercent,
            server.Gauges,
            littlesLaw is { } ratio ? Math.Round(ratio, 3) : null,
            meetsSla,
            Flags(step, errorRate, littlesLaw, run.Cpu, unanswered, seconds),
            step.IsOpenModel ? step.Concurrency : null,
            step.Dropped,
            run.Cpu?.LoadGeneratorMemoryMb,
            step.ConnectMs?.P95,
            step.ConnectionsFailed,
            step.ConnectionsDropped);
    }

    /// <summary>
    /// Closed model: clients that got no answer in the whole measured window, at least. Each of N clients that waits less
    /// than the SLA's p95 completes a request in a window longer than it; when fewer than N requests completed, the
    /// others waited longer than the window, and the p95 of the completed requests is not the clients' p95 (tried here:
    /// 5,000 clients blocked on Thread.Sleep, 3 answers in 6 s, all within 2.1 s: the step "met" a 2.5 s SLA).
    /// </summary>
    private static long Unanswered(K6Step step, double seconds, Sla sla) =>
        !step.IsOpenModel && seconds * 1000 > sla.P95Ms ? Math.Max(0, step.Concurrency - step.Requests) : 0;

    private static List<string> Flags(K6Step step, double errorRate, double? littlesLaw, HostCpu? cpu, long unanswered, double seconds)
    {
        var flags = new List<string>();
        if (step.Requests == 0)
        {
            flags.Add("No request completed in the measured window: every client was still waiting when the step ended.");
        }
        else if (unanswered > step.Concurrency * UnansweredClientsTolerance)
        {
            flags.Add(FormattableString.Invariant(
                $"Only {step.Requests} answers for {step.Concurrency} clients in {seconds:0.#} s: at least {unanswered} clients ({unanswered * 100.0 / step.Concurrency:0}%) waited longer than the whole window, so the step misses the SLA whatever the completed requests' p95."));
        }

        if (step.Failed > 0)
        {
            flags.Add(FormattableString.Invariant(
                $"{step.Failed} of {step.Requests} requests failed ({step.Failed * 100.0 / Math.Max(1, step.Requests):0.0}%): non-2xx answers, timeouts or refused connections."));
        }

        if (step.Dropped > 0)
        {
            flags.Add(FormattableString.Invariant(
                $"{step.Dropped} arrivals were dropped (warm-up included): every one of the step's clients was still waiting when they were due, so they were never sent. Counted as failures; achieved {step.Requests / Math.Max(0.001, (step.EndMs - step.MeasureFromMs) / 1000.0):0.#} of {step.Concurrency} req/s offered."));
        }

        if (step.ConnectionsFailed > 0 || step.ConnectionsDropped > 0)
        {
            flags.Add(FormattableString.Invariant(
                $"{step.ConnectionsFailed ?? 0} WebSocket sessions failed to open and {step.ConnectionsDropped ?? 0} dropped before the step's end (warm-up included); each counts as an error."));
        }

        if (littlesLaw is { } ratio && Math.Abs(ratio - 1) > LittlesLawTolerance)
        {
            flags.Add(FormattableString.Invariant(
                $"Little's law does not hold: {step.Concurrency} clients, but throughput × mean latency = {ratio * step.Concurrency:0.#} ({ratio * 100:0}%). ")
                + (ratio >= 1 ? "The step was not steady: requests from before the window completed inside it."
                    : step.DurationMs?.Max * 10 < seconds * 1000
                        // No request came near the window's length, so none was left unfinished: the clients spent the
                        // missing time between requests, in k6's own work per iteration, which shows at sub-millisecond latencies.
                        ? "The clients spent that time between requests (k6's own work per iteration, which counts when requests take well under a millisecond): the load generator set part of the pace."
                        : "Requests were still unfinished when the step ended, so the completed ones understate latency."));
        }

        if (cpu is { MachinePercent: >= BusyMachineCpuPercent })
        {
            flags.Add(FormattableString.Invariant(
                $"The machine's CPU was {cpu.MachinePercent:0}% busy (k6 itself {cpu.LoadGeneratorPercent:0}%): the app, k6 and anything else running competed for cores, so latencies may be overstated."));
        }

        return flags;
    }
}
