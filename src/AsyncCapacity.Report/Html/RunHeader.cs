using System.Globalization;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Html;

/// <summary>The top of the page: when, where and how the run was made, and the SLA every verdict is judged by.</summary>
internal static class RunHeader
{
    /// <summary>k6's share of the machine above which it, not the app, sets the baseline's pace (a whole core of two).</summary>
    private const double LoadGeneratorBoundPercent = 50;

    public static void Write(HtmlWriter html, ResultsDocument document)
    {
        var run = document.Run;
        html.Open("header", "run")
            .Element("p", "eyebrow", "AsyncCapacity · capacity report")
            .Element("h1", null, run.Settings.Model.Headline)
            .Open("p", "run-summary")
            .Text($"Run of {Format.Utc(run.StartedAt)} on {run.Machine} ({run.CpuQuota?.MachineCores ?? run.Cores} cores), "
                + $"took {Format.Seconds((run.FinishedAt - run.StartedAt).TotalSeconds)}. ")
            .Open("span", "sla-pill").Text($"SLA: {Format.Sla(run.Sla)}").Close("span")
            .Close("p");
        if (document.Partial is { } partial)
        {
            // Said as a flag is, before any figure: a run that ended early.
            html.Open("ul", "flags").Element("li", null, PartialText.Of(document, partial)).Close("ul");
        }

        html.Open("dl", "facts");
        WhereFacts(html, run);
        LoadFact(html, document);
        HowFacts(html, document);
        Fact(html, "SLA", Format.Sla(run.Sla));
        html.Close("dl").Close("header");
    }

    private static void WhereFacts(HtmlWriter html, RunInfo run)
    {
        Fact(html, "Date", Format.UtcRange(run.StartedAt, run.FinishedAt));
        Fact(html, "Machine", run.Machine);
        Fact(html, "Cores", run.CpuQuota is { } quota
            ? $"{quota.MachineCores.ToString(CultureInfo.InvariantCulture)} on the machine; the app limited to {Format.Number(quota.Cpus)}"
            : run.Cores.ToString(CultureInfo.InvariantCulture));
        Fact(html, "OS", run.Os);
        Fact(html, ".NET", run.DotnetVersion);
        Fact(html, "k6", run.K6Version);
        if (Database(run) is { } database)
        {
            Fact(html, "Database", database);
        }

        if (run.Live is { } live)
        {
            // The dashboard keeps its data in memory only: the report stays the record of the run.
            Fact(html, "Watched live", live);
        }

        Fact(html, "Profile", run.Profile);
        Fact(html, "Target", RunText.Target(run.Target));
        Fact(html, "Isolation", RunText.Isolation(run.Isolation));
        if (run.CpuQuota is { } cpuQuota)
        {
            Fact(html, "CPU quota", RunText.Quota(cpuQuota) + "; each step records how often the app was throttled");
        }

        Fact(html, "CPUs", run.CpuIsolation is { } cpus
            ? $"the app (and its database) on CPU {cpus.AppCpus}, k6 on CPU {cpus.LoadGeneratorCpus} "
                + $"({cpus.MachineCores} in all): .NET sized the app to "
                + $"{cpus.AppCores} {(cpus.AppCores == 1 ? "core" : "cores")}, so its pool's minimum was {cpus.AppCores}; "
                + $"each step says which side was at its limit"
            : "shared by the app and k6 (no --isolate): a step is flagged where the machine was busy");
    }

    /// <summary>Split probes: the runners, where, and each one's CPU at its busiest probe.</summary>
    private static void LoadFact(HtmlWriter html, ResultsDocument document)
    {
        if (document.Run.LoadRunners is not { } runners)
        {
            return;
        }

        var shares = document.Experiments.SelectMany(e => e.Variants).SelectMany(v => v.Steps)
            .SelectMany(s => s.Runners ?? []).ToList();
        var busiest = runners.Select(r => (r.Name, Cpu: shares.Where(s => s.Runner == r.Name).Max(s => s.CpuPercent)))
            .Where(r => r.Cpu is not null).ToList();
        Fact(html, "Load", RunText.Runners(runners)
            + (busiest.Count > 0
                ? $"; CPU at its busiest probe: {string.Join(", ", busiest.Select(b => $"{b.Name} {Format.Percent(b.Cpu)}"))}"
                : "")
            + "; each step gives every runner's requests, p95 and CPU, and is flagged where they started apart or one was at its "
            + "CPU's limit");
    }

    private static void HowFacts(HtmlWriter html, ResultsDocument document)
    {
        var run = document.Run;
        Fact(html, "Load model", run.Settings.Model.Description);
        Fact(html, $"Steps ({run.Settings.Model.AxisName})", string.Join(", ", run.Settings.Steps));
        if (ProbePlanText.Of(document.Experiments) is { } probes)
        {
            Fact(html, "Probes", probes);
        }
        Fact(html, "Timing per step",
            $"warm-up {Format.Seconds(run.Settings.WarmupSeconds)} · measured {Format.Seconds(run.Settings.StepSeconds)} "
            + $"· cool-down {Format.Seconds(run.Settings.CooldownSeconds)}");
        if (run.Settings.MinWorkerThreads is { } minThreads)
        {
            Fact(html, "Min worker threads", minThreads.ToString(CultureInfo.InvariantCulture));
        }

        if (run.Settings.RequestQueue is { } queue)
        {
            Fact(html, "Request queue",
                $"{Format.Count(queue.MaxConcurrent)} requests served at once, {Format.Count(queue.Limit)} may wait; "
                + $"beyond: 503 Server Too Busy");
        }

        if (run.Limits is { } limits)
        {
            Fact(html, "Connection limits", ConnectionLimits(limits));
        }

        if (run.Overhead is { } overhead)
        {
            Fact(html, "Instrument overhead", Overhead(overhead));
        }

        if (run.Settings.AppSettings is { Count: > 0 } appSettings)
        {
            Fact(html, "App settings", string.Join(", ", appSettings.Select(s => $"{s.Key}={s.Value}")));
        }

        if (ThreadStacks(document) is { } stacks)
        {
            Fact(html, "Thread stacks", stacks);
        }
    }

    /// <summary>Whether the sweep took the app's thread stacks and what that cost the app, or why not; null for a run
    /// that predates them.</summary>
    private static string? ThreadStacks(ResultsDocument document)
    {
        var steps = document.Experiments.SelectMany(e => e.Variants).SelectMany(v => v.Steps).ToList();
        var costs = steps.Select(s => s.WaitsCost).OfType<StackCost>().Select(c => c.SessionMs).Order().ToList();
        if (costs.Count > 0)
        {
            return $"taken just after each window, the load kept on meanwhile, "
                + $"so no window was disturbed: {costs.Count} EventPipe sessions of "
                + $"{Format.Duration(costs[costs.Count / 2])} median in the app ({Format.Duration(costs[^1])} at most)";
        }

        return steps.Any(s => s.Adjustments is not null)
            ? "not taken: the sweep takes them only from the app it starts (it knows its process); "
                + "the pool's reasons come from the app itself"
            : null;
    }

    private static string? Database(RunInfo run) => (run.DatabaseProvider, run.DatabasePoolSize) switch
    {
        (null, null) => null,
        (var provider, null) => provider,
        (null, { } size) => PoolOf(size),
        ({ } provider, { } size) => $"{provider}, {PoolOf(size)}",
    };

    private static string PoolOf(int size) => $"pool of {Format.Count(size)} {(size == 1 ? "connection" : "connections")}";

    private static string ConnectionLimits(ConnectionLimits limits)
    {
        var parts = new List<string>();
        if (limits.ListenBacklog is { } backlog)
        {
            parts.Add(limits.SoMaxConn is { } cap && cap < backlog
                ? $"listen backlog {Format.Count(backlog)} (the kernel caps it at somaxconn {Format.Count(cap)})"
                : $"listen backlog {Format.Count(backlog)}");
        }

        if (limits.SoMaxConn is { } soMaxConn && (limits.ListenBacklog is null || soMaxConn >= limits.ListenBacklog))
        {
            parts.Add($"somaxconn {Format.Count(soMaxConn)}");
        }

        if (limits.OpenFiles is { } files)
        {
            parts.Add($"{Format.Count(files)} open files per process");
        }

        if (limits.EphemeralPorts is { } ports)
        {
            parts.Add($"ephemeral ports {ports}");
        }

        return string.Join(", ", parts);
    }

    /// <summary>"the app's /hello served 0.95× the req/s of a minimal ASP.NET Core app (…): 5% for the instrument's pipeline".</summary>
    internal static string Overhead(InstrumentOverhead overhead)
    {
        var cost = overhead.Ratio < 1
            ? $"{Format.Fraction(1 - overhead.Ratio)} of a request that does nothing goes to the instrument's pipeline"
            : "no cost of the instrument's pipeline shows above the minimal app";
        var loadGenerator = overhead.LoadGeneratorCpuPercent is { } cpu ? $", k6 at {cpu:0}% of the machine's CPU" : "";
        // k6 on the same cores: when it takes a core's worth or more, both apps wait for it, and their ratio shrinks towards 1.
        var heldBack = overhead.LoadGeneratorCpuPercent >= LoadGeneratorBoundPercent
            ? " k6 itself was the limit of both runs, so the ratio understates the difference; "
                + "bench/overhead.sh (wrk, lighter) separates them better."
            : "";
        return string.Create(CultureInfo.InvariantCulture,
            $"the app's {overhead.Route} served {overhead.Ratio:0.00}× the req/s of a minimal ASP.NET Core app (bench/MinimalApp): "
            + $"{Format.Count(overhead.AppRps)} vs {Format.Count(overhead.MinimalRps)} req/s; {cost}. "
            + $"Measured with {Format.Count(overhead.Clients)} k6 clients, "
            + $"{overhead.Rounds} alternating rounds of {Format.Seconds(overhead.Seconds)} each{loadGenerator}.{heldBack}");
    }

    private static void Fact(HtmlWriter html, string name, string value) =>
        html.Open("div").Element("dt", null, name).Element("dd", null, value).Close("div");
}
