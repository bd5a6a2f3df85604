using System.Globalization;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

/// <summary>What differs between the runs' settings
/// (the knob that was changed, and anything else), and what makes them not comparable.</summary>
public static class SettingsDiff
{
    /// <summary>A setting an older run did not record: shown, but no difference by itself.</summary>
    public const string NotRecorded = "(not recorded)";

    public static IReadOnlyList<SettingDifference> Of(IReadOnlyList<ComparedRun> runs)
    {
        var settings = runs.Select(r => Describe(r.Document)).ToList();
        var names = settings.SelectMany(s => s.Keys).Distinct();
        return [.. names
            .Select(name => new SettingDifference(name,
                [.. settings.Select(s => s.TryGetValue(name, out var value) ? value : Recorded(name) ? NotRecorded : "(default)")]))
            .Where(d => d.Values.Where(v => v != NotRecorded).Distinct().Count() > 1)];
    }

    /// <summary>The probe budget is recorded since results.json kept each experiment's plan.</summary>
    private static bool Recorded(string name) => name.EndsWith(ProbesSetting, StringComparison.Ordinal);

    private const string ProbesSetting = " --probes";

    /// <summary>Reasons the runs' figures are not like for like:
    /// another machine, other steps, other step lengths, another load model.</summary>
    public static IReadOnlyList<string> Warnings(IReadOnlyList<ComparedRun> runs)
    {
        var warnings = new List<string>();
        void WarnIf<T>(Func<RunInfo, T> value, string what)
        {
            if (runs.Select(r => value(r.Document.Run)).Distinct().Count() > 1)
            {
                warnings.Add($"{what}: {string.Join(" vs ", runs.Select(r => $"{value(r.Document.Run)} ({r.Label})"))}.");
            }
        }

        WarnIf(r => $"{r.Machine}, {r.Cores} cores",
            "Different machines, so absolute figures differ for that reason alone; compare the ratios between variants");
        WarnIf(r => r.Settings.Model,
            "Different load models (closed: clients; open: arrival rates), so the steps are not the same kind of load");
        WarnIf(r => Invariant($"{r.Settings.WarmupSeconds:0.#} s + {r.Settings.StepSeconds:0.#} s"),
            "Different step lengths (warm-up + measured), so the pool had different time to grow");
        foreach (var experiment in runs[0].Document.Experiments.Select(e => e.Name))
        {
            // The coarse pass's steps: a search's own probes follow each run's knee, so they differ by design.
            var steps = runs.Select(r => r.Document.Experiments.FirstOrDefault(e => e.Name == experiment))
                .Select(e => e is null ? "" : string.Join(",", e.Variants.SelectMany(v => v.Steps)
                    .Where(s => s.Pass is null or ProbePass.Coarse).Select(s => s.Concurrency).Distinct().Order()))
                .ToList();
            if (steps.All(s => s.Length > 0) && steps.Distinct().Count() > 1)
            {
                warnings.Add($"{experiment}: different steps ({string.Join(" vs ", steps)}); "
                    + $"only the loads every run measured are compared.");
            }
        }

        return warnings;
    }

    /// <summary>Every setting of a run that a user may have changed, by a name that says where it comes from.</summary>
    private static Dictionary<string, string> Describe(ResultsDocument document)
    {
        var run = document.Run;
        var settings = new Dictionary<string, string>
        {
            ["machine"] = $"{run.Machine} ({run.CpuQuota?.MachineCores ?? run.Cores} cores)",
            ["OS"] = run.Os,
            [".NET"] = run.DotnetVersion,
            ["k6"] = run.K6Version,
            ["profile"] = run.Profile,
            ["isolation"] = RunText.Isolation(run.Isolation),
            // The pool's minimum has its own row (--min-threads): the quota's says what .NET made of the quota alone.
            ["--app-cpus"] = run.CpuQuota is { } quota ? RunText.Quota(quota with { MinWorkerThreads = null }) : "none",
            // Split over runners, the load generator's CPU, and so where a bound falls, differs.
            ["--load-runners/--load-hosts"] = RunText.Runners(run.LoadRunners),
            ["load model"] = run.Settings.Model.Name,
            ["steps"] = string.Join(",", run.Settings.Steps),
            ["warm-up + measured"] = Invariant($"{run.Settings.WarmupSeconds:0.#} s + {run.Settings.StepSeconds:0.#} s"),
            ["cool-down"] = Invariant($"{run.Settings.CooldownSeconds:0.#} s"),
            ["--min-threads"] = run.Settings.MinWorkerThreads?.ToString(CultureInfo.InvariantCulture) ?? "default",
            ["request queue"] = run.Settings.RequestQueue is { } queue ? $"{queue.MaxConcurrent} at once, {queue.Limit} may wait" : "off",
            ["database"] = run.DatabaseProvider is null ? "none" : $"{run.DatabaseProvider}, pool {run.DatabasePoolSize}",
            ["SLA"] = Format.Sla(run.Sla),
        };
        foreach (var (key, value) in run.Settings.AppSettings ?? new Dictionary<string, string>())
        {
            settings[key] = value;
        }

        foreach (var experiment in document.Experiments)
        {
            foreach (var (name, value) in experiment.Parameters)
            {
                settings[$"{experiment.Name}.{name}"] = value;
            }

            settings[$"{experiment.Name} SLA"] = Format.Sla(experiment.Sla);
            if (experiment.Plan is { } plan)
            {
                settings[experiment.Name + ProbesSetting] = plan.SearchProbes is { } probes
                    ? probes.ToString(CultureInfo.InvariantCulture)
                    : "none (--search off)";
            }
        }

        return settings;
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
