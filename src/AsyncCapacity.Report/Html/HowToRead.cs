using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>The footer: the few definitions a reader needs to trust (or question) the numbers above.</summary>
internal static class HowToRead
{
    public static void Write(HtmlWriter html, ResultsDocument document)
    {
        var run = document.Run;
        html.Open("footer", "how-to-read")
            .Element("h2", null, "How to read this report")
            .Open("dl");

        var model = run.Settings.Model;
        Entry(html, char.ToUpperInvariant(model.Name[0]) + model.Name[1..] + " model", model.Definition);
        Entry(html, "Capacity at SLA",
            $"The largest {model.CapacityNoun} at which a launch meets the SLA (this run: {Format.Sla(run.Sla)}; an experiment may set "
            + "its own; the rule is k6-scripts/lib/judge.js, which k6 applies too) at least half the time, with its 90% interval and "
            + "the throughput there. A probe with fewer than 20 requests in its window is shown but not judged: a p95 of fewer is "
            + "the maximum or near it.");
        Entry(html, "How the capacity was found", SearchText.Of(document));
        Entry(html, "Latency vs server time",
            "Client latency (p50, p95, p99, max) is the time k6 waited for a response: time waiting for a thread plus time working. "
            + "Server p50 is the median Server-Timing app;dur, the time inside the app's pipeline only. "
            + "When latency is far above server time, requests spent most of their life waiting for a thread-pool thread.");
        Entry(html, "What the runtime said",
            "The thread pool records every change to its thread-count goal with a reason (event 55 of the runtime's provider), counted in "
            + "the app per step: Starvation (no work item taken for 500 ms while work waited: one thread added, so threads that each "
            + "finish within that never trigger it), CooperativeBlocking (a pool thread blocked on a Task (.Result, .Wait(), "
            + "GetAwaiter().GetResult()) tells the pool, which adds threads at once), ClimbingMove and the other hill-climbing reasons "
            + "(the pool tries a goal and keeps what raised completions), ThreadTimedOut (an idle thread retired after about 20 s). "
            + "Thread.Sleep, ManualResetEventSlim.Wait and a blocked socket read get no cooperative-blocking help. Just after each window, "
            + "the sweep takes every thread's stack from outside the app (an EventPipe session with the runtime's sample profiler, as "
            + "dotnet-stack does, while the load is still on) and groups them by the app's own frames: \"21 of 23 pool threads in "
            + "Thread.Sleep ← SleepEndpoints.Sync\" names the blocking call and the handler. Lock contentions and GC pause come from the "
            + "runtime's counters.");
        // The laws behind the predictions, two lines each (Lazowska et al., "Quantitative System Performance", 1984,
        // chapters 3 and 5, homes.cs.washington.edu/~lazowska/qsp/; Denning and Buzen, ACM Computing Surveys 10(3), 1978).
        Entry(html, "Little's law",
            "Clients = throughput × response time, N = X × R: a closed loop of N clients with no think time runs at N ÷ R, the ideal "
            + "line. Source: J. D. C. Little, Operations Research 9(3), 1961; Quantitative System Performance, chapter 3 "
            + "(homes.cs.washington.edu/~lazowska/qsp/).");
        Entry(html, "Utilization law",
            "A resource of c units, each busy D seconds per request, serves at most c ÷ D requests a second (U = X × D ≤ c). D is its "
            + "busy time ÷ completions; for the CPU, the seconds each request adds (the slope of busy cores over throughput across the "
            + "probes). Source: Quantitative System Performance, chapter 3.");
        Entry(html, "Asymptotic bounds",
            "X(N) ≤ min(N ÷ R₀, 1 ÷ D_max) and R(N) ≥ max(R₀, N × D_max): R₀ one request alone, D_max the demand on the "
            + "bottleneck, the resource with the largest. Past N = R₀ ÷ D_max, every client more only waits. Source: Quantitative "
            + "System Performance, chapter 5; Denning and Buzen, ACM Computing Surveys, 1978.");
        Entry(html, "Predicted, then measured",
            "The card's range is the largest N the bottleneck allows within the SLA: at most the bound on the mean (N × D_max ≤ SLA), "
            + "at least what requests that find every unit busy and wait a whole hold allow, c × ⌊1 + (SLA − R₀) ÷ H⌋ (p95 ≈ 3 "
            + "× the mean on a CPU). What a variant holds is declared in experiments/*.json (\"holds\"); threads count the pool's "
            + "minimum, before hill climbing adds any. Sharing 2 cores with k6, the machine's CPU per request bounds what this machine "
            + "measures; the app's own, beside a \"≥\" from the load generator, what the app would serve alone. Outside the range (15% "
            + "slack), the card names the assumption that broke: the pool grew, k6 or the machine ran out of CPU, requests waited for a "
            + "connection or failed.");
        Entry(html, "The pool's growth",
            "Where pool threads bind, the card also counts the threads the runtime injects within a probe and what they allow: "
            + "starvation injection adds a thread per 500 ms gate check while no queued work item was taken for 500 ms (so a pool "
            + "whose threads free more often than that never grows this way); cooperative blocking (.Result, .Wait() on a Task) adds "
            + "ProcessorCount threads at once, then one after each 25 ms more of delay per ProcessorCount threads, at most 250 ms. "
            + "Which one ran comes from the probes' event 55. Within 25% of its range the growth is as predicted; beyond it the card "
            + "says what the law does not count: hill climbing's moves (bounded by 4 threads a second, not predicted), or a thread "
            + "held longer than at the lightest load. Source: dotnet/runtime, PortableThreadPool.GateThread.cs and "
            + "PortableThreadPool.Blocking.cs.");
        Entry(html, "Universal Scalability Law",
            "X(N) = λN ÷ (1 + σ(N − 1) + κN(N − 1)): σ the contention, κ the coherency that makes throughput fall past a peak at "
            + "√((1 − σ) ÷ κ); fitted to each variant's medians (MathNet.Numerics' Levenberg-Marquardt), loads where k6 was short "
            + "of CPU left out. R² below 0.95 or a point off by more than 20%: a hard limit, not contention, and the chart says so "
            + "instead of drawing it. Source: N. J. Gunther, \"Guerrilla Capacity Planning\", 2007, chapter 4.");
        Entry(html, "Thread pool",
            "Pool threads at the step's start → end, and the most work items queued for a thread. A blocked thread serves nobody: "
            + "the pool adds only about 1–2 threads a second, so a growing queue with low CPU is thread starvation, not a busy machine.");
        // What the experiments' gauges add to the page, each said once, in the words of its declaration.
        foreach (var gauge in ExperimentGauges.OfRun(document.Experiments))
        {
            Entry(html, char.ToUpperInvariant(gauge.Name[0]) + gauge.Name[1..], gauge.Definition);
        }

        Entry(html, "Warm-up and errors",
            $"The first {Format.Seconds(run.Settings.WarmupSeconds)} of each step are warm-up and excluded from its figures (shaded in the "
            + "timelines). Percentiles, not averages. Errors are non-2xx responses, timeouts and connection errors, all counted.");
        Entry(html, "⚠ Flags",
            "A flagged step is shown but should not be trusted blindly; the reason is listed under its table. Little's law: throughput × "
            + "mean latency ÷ clients should be close to 1 in a steady closed loop; far from it, the step was not steady (the pool was "
            + "still growing, requests timed out) or the client was the bottleneck. Load generator CPU: k6 itself was short of CPU, so "
            + "measured latency includes time spent in the client.");

        html.Close("dl")
            .Element("p", "colophon",
                "Generated by AsyncCapacity. Charts drawn with Chart.js 4.6.1 (MIT), inlined: this page loads nothing from the network.")
            .Close("footer");
    }

    private static void Entry(HtmlWriter html, string term, string definition) =>
        html.Open("div").Element("dt", null, term).Element("dd", null, definition).Close("div");
}
