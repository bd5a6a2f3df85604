using System.Globalization;
using System.Text;
using AsyncCapacity.Cli.Options;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Output;

/// <summary>What a sweep will do, in words, before it does it: `capacity sweep --dry-run` prints this and runs nothing.</summary>
internal static class SweepPlan
{
    public static string Describe(SweepRequest request, RunPlan plan)
    {
        var text = new StringBuilder();
        var target = request.Target is not null ? $"{request.Target} (cool-down {request.CooldownSeconds:0.#} s between probes)"
            : request.App is { } app ? $"your app {app.Shown}, started in {app.FolderBeforeBuild ?? "its build output"}, "
                + $"fresh per probe on a free loopback port, ready at GET {app.ReadyPath}"
            : "a fresh app process per probe, on a free loopback port";
        text.AppendLine(CultureInfo.InvariantCulture,
            $"Plan: profile {request.Profile.Name}{(request.Customised ? " (customised)" : "")}, "
            + $"{request.WarmupSeconds:0.#} s warm-up + {request.StepSeconds:0.#} s measured per probe, against {target}.");
        foreach (var warning in WindowWarnings(request, plan))
        {
            text.AppendLine($"warning: {warning}");
        }

        text.AppendLine(!request.Search ? "Each variant: its steps only (--search off); the knee estimated from them."
            : "Each variant: its lightest step, then the knee the laws predict from it (its steps where nothing binds), climbed (to "
                + "the laws' knee from the probes so far, at most ×8 at once, else doubling) until a load misses; then each probe "
                + "where the outcome is least certain, until the knee's 90% interval from every probe is within ±10% or the budget is "
                + "spent; below a miss while k6 was short of CPU, narrowed to 25% and the largest load that met. A window is "
                + $"stretched (up to ×4) where fewer than {ProbeWindow.MinRequests} requests would complete in it.");
        if (plan.Experiments.FirstOrDefault(e => e.Sustain is not null)?.Sustain is { } sustain)
        {
            var given = plan.Experiments.Where(e => e.Sustain?.Loads is { Count: > 0 })
                .Select(e => $"{e.Id}={string.Join(',', e.Sustain!.Loads!)}").ToList();
            var loads = given.Count > 0
                ? $"the loads given by --sustain-at ({string.Join("; ", given)})"
                : "a blocking variant's loads chosen by the pool's injection laws from twice its knee (at most "
                    + $"{HoldPlan.DefaultMaxHolds}), an awaiting variant's knee once";
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"Then capacity over time (--sustain): {loads}, each held on a fresh app for up to {sustain.HorizonSeconds:0} s and "
                + $"ended once it has met the SLA for {HoldTerms.DefaultConfirmSeconds} s straight; at most "
                + $"{request.HoldsWorstCase(plan).TotalMinutes:0.#} min of held loads."));
        }

        AppendSettings(text, request);
        AppendExperiments(text, request, plan);
        if (request.RequestQueue is { } queue)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"  request queue: {queue.MaxConcurrent} served at once, {queue.Limit} may wait.");
        }

        text.AppendLine(CultureInfo.InvariantCulture,
            $"At most {plan.MaxProbes} probes of about {plan.ProbeDuration.TotalSeconds:0} s each: "
                + $"at most {request.WorstCaseDuration(plan).TotalMinutes:0.#} min; report in {request.OutputDirectory}.");
        return text.ToString();
    }

    private static void AppendSettings(StringBuilder text, SweepRequest request)
    {
        if (request.Isolation is { } isolation)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"CPU isolation: the app on CPU {isolation.AppCpus} (.NET sees {isolation.AppCores}, its pool's minimum), "
                + $"k6 on CPU {isolation.LoadGeneratorCpus}.");
        }

        if (request.LoadRunners is { } runners)
        {
            text.AppendLine("Load: " + RunText.Runners([.. runners.Select(r => r.Describe())]) + "; "
                + "all of them paused until every one has its clients, then resumed together; k6 here packs each probe's test.");
        }

        if (request.AppCpus is { } cpus)
        {
            var quota = RunText.Quota(cpus, CpuQuota.DefaultPeriodMicroseconds, "v1 or v2, as the machine has it");
            text.AppendLine($"CPU quota: the app under {quota}; .NET's ProcessorCount and pool minimum read from the app, "
                + "each probe's throttling from its cgroup.");
        }

        if (request.Demand)
        {
            text.AppendLine("CPU per request: after each variant's search, 4 probes at fixed arrival rates (30–60% of the most it could "
                + "take, open model, a longer warm-up), from which the app alone's capacity is read; sessions keep the search's probes.");
        }

        if (request.TailSeconds > 0)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"Thread stacks: taken in a {request.TailSeconds:0.#} s tail after each window, the load still on.");
        }
        if (request.Live is { } live)
        {
            text.AppendLine(live.Endpoint is { } endpoint
                ? $"Live: every probe's app and k6 send their metrics over OTLP to {endpoint}."
                : $"Live: the Aspire dashboard, started on loopback (its URL printed first){(live.Keep ? ", left up afterwards" : "")}.");
        }

        if (request.MinWorkerThreads is { } minThreads)
        {
            var how = request.App is null ? "--min-threads" : "--min-threads, by a startup hook";
            text.AppendLine(CultureInfo.InvariantCulture, $"Thread pool: the app's minimum worker threads set to {minThreads} ({how}).");
        }

        if (request.AppSettings is { Count: > 0 } appSettings)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"App settings: {string.Join(", ", appSettings.Select(s => $"{s.Key}={s.Value}"))}.");
        }

        if (request.Model.IsOpen)
        {
            text.AppendLine("Load model: open, each step a fixed arrival rate (req/s); dropped arrivals count as errors.");
        }

        if (request.Baseline)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"Baseline first: the app's /hello against bench/MinimalApp's, "
                    + $"{BaselineSize.Clients} clients, {BaselineSize.Rounds} alternating rounds; "
                    + $"the report's header states the instrument's overhead.");
        }
    }

    private static void AppendExperiments(StringBuilder text, SweepRequest request, RunPlan plan)
    {
        foreach (var experiment in plan.Experiments)
        {
            var sla = experiment.Sla;
            var parameters = string.Join(", ", experiment.Parameters.Select(p => $"{p.Key}={p.Value}"));
            var withParameters = parameters.Length > 0 ? $"; {parameters}" : "";
            var headline = experiment.Search.Headline is { } load && request.Search
                ? $"; its headline load {load:#,0} probed once" : "";
            var database = !experiment.Declaration.UsesDatabase ? ""
                : request.Target is not null ? "; the target's database"
                : request.Database.ConnectionString is null ? $"; a private PostgreSQL, pool {request.Database.PoolSize}"
                : $"; {request.Database.Provider} given, pool {request.Database.PoolSize}";
            text.AppendLine(CultureInfo.InvariantCulture,
                $"  {experiment.Id}: {string.Join(", ", experiment.Declaration.Variants.Select(v => v.Name))} "
                    + $"× {string.Join(",", experiment.Steps)} {request.Model.StepUnit}, "
                    + $"at most {experiment.MaxProbes} probes each{headline}{withParameters}; "
                    + $"SLA p95 ≤ {sla.P95Ms:0.###} ms, errors ≤ {sla.MaxErrorRate * 100:0.###}%{database}");
        }

        if (plan.Cap is { } cap)
        {
            text.AppendLine($"{ProbePlanText.Cap(cap, request.Model)}.");
        }
    }

    /// <summary>One warning per SLA whose p95 the window is not longer than: k6 counts only answers that came within it, so a
    /// starved blocking variant, its clients still waiting, can seem to meet the SLA.</summary>
    public static IEnumerable<string> WindowWarnings(SweepRequest request, RunPlan plan)
    {
        var window = request.StepSeconds == request.Profile.StepSeconds
            ? $"the {request.Profile.Name} profile's {Format.Seconds(request.StepSeconds)}"
            : $"--step-seconds {Format.Number(request.StepSeconds)}";
        return plan.Experiments
            .GroupBy(e => e.Sla.P95Ms)
            .Where(g => request.StepSeconds * 1000 <= g.Key)
            .Select(g => $"{string.Join(", ", g.Select(e => e.Id))}: each probe measures {window}, not longer than the SLA's "
                + $"p95 of {Format.Duration(g.Key)}. A client that gets no answer within the window cannot be counted, "
                + "so a blocking variant that leaves its clients waiting can appear to meet the SLA. "
                + $"Give --step-seconds above {Format.Number(g.Key / 1000)}.");
    }
}
