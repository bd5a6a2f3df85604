using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

/// <summary>One run of a comparison: its results and the short name every table and legend gives it (its folder).</summary>
public sealed record ComparedRun(string Label, ResultsDocument Document);

/// <summary>Two or more runs judged against the first: a pure function of the documents, so that the terminal table and
/// compare.html only render it and cannot disagree.</summary>
public sealed record RunComparison(
    IReadOnlyList<ComparedRun> Runs,
    NoiseRule Noise,
    IReadOnlyList<SettingDifference> Differences,
    IReadOnlyList<string> Warnings,
    IReadOnlyList<ExperimentComparison> Experiments,
    IReadOnlyList<string> OnlyInSomeRuns)
{
    public static RunComparison Of(IReadOnlyList<ComparedRun> runs, NoiseRule noise)
    {
        if (runs.Count < 2)
        {
            throw new ArgumentException("A comparison needs two runs or more.", nameof(runs));
        }

        var names = runs.Select(r => r.Document.Experiments.Where(e => e.SkippedReason is null).Select(e => e.Name).ToHashSet()).ToList();
        var common = runs[0].Document.Experiments.Select(e => e.Name).Where(n => names.All(set => set.Contains(n))).ToList();
        var onlyInSome = names.SelectMany(n => n).Distinct().Except(common)
            .Select(n => $"{n}: only in {string.Join(", ", runs.Where((_, i) => names[i].Contains(n)).Select(r => r.Label))}")
            .ToList();
        var inEveryRun = common.Select(name => runs.Select(r => r.Document.Experiments.First(e => e.Name == name)).ToList()).ToList();
        // A variant is compared with itself in the other runs; one that some runs did not sweep is named, not compared.
        onlyInSome.AddRange(inEveryRun.SelectMany(experiment => VariantsInSome(runs, experiment)));
        var experiments = inEveryRun.Select(experiment => ExperimentComparison.Of(experiment, noise, [.. runs.Select(r => r.Document.Run)]))
            .Where(e => e.Variants.Count > 0)
            .ToList();
        return new RunComparison(runs, noise, SettingsDiff.Of(runs), SettingsDiff.Warnings(runs), experiments, onlyInSome);
    }

    private static IEnumerable<string> VariantsInSome(IReadOnlyList<ComparedRun> runs, List<ExperimentResult> experiment) =>
        experiment.SelectMany(e => e.Variants.Select(v => v.Name)).Distinct()
            .Where(name => !experiment.All(e => e.Variants.Any(v => v.Name == name)))
            .Select(name => $"{experiment[0].Name} {name}: only in "
                + string.Join(", ", runs.Where((_, i) => experiment[i].Variants.Any(v => v.Name == name)).Select(r => r.Label)));
}

/// <summary>A setting that is not the same in every run: its name and its value in each, in run order.</summary>
public sealed record SettingDifference(string Name, IReadOnlyList<string> Values);

/// <summary>One experiment in every run, in its own units (the baseline's kind and model).</summary>
public sealed record ExperimentComparison(
    string Name, string Title, LoadKind Load, LoadModel Model, Sla Sla, IReadOnlyList<VariantComparison> Variants)
{
    /// <param name="facts">Each run's description, in the same order: an older file's horizon comes from its settings.</param>
    public static ExperimentComparison Of(IReadOnlyList<ExperimentResult> runs, NoiseRule noise, IReadOnlyList<RunInfo> facts)
    {
        var variants = runs[0].Variants.Select(v => v.Name)
            .Where(v => runs.All(r => r.Variants.Any(x => x.Name == v)))
            .Select(v => VariantComparison.Of(v, runs, noise, facts))
            .ToList();
        return new ExperimentComparison(runs[0].Name, runs[0].Title, runs[0].Load, runs[0].Model, runs[0].Sla, variants);
    }
}

/// <summary>One variant in every run: capacities judged by both runs' probes, the runtime at each knee, and the loads every run
/// measured (a load run several times stands as its median run, so one noisy run does not decide).</summary>
public sealed record VariantComparison(
    string Name,
    bool Blocking,
    IReadOnlyList<Capacity?> Capacities,
    IReadOnlyList<CapacityChange?> CapacityChanges,
    IReadOnlyList<string?> RuntimeAtKnee,
    IReadOnlyList<StepComparison> Steps)
{
    /// <summary>Each run's capacity over time, where it held loads (--sustain).</summary>
    public IReadOnlyList<Sustained?> Curves { get; init; } = [];

    /// <summary>The time under load each run judged the capacity at, and how the pool grew meanwhile.</summary>
    public IReadOnlyList<CapacityHorizon> Horizons { get; init; } = [];

    /// <summary>The laws' prediction in each run: a knob that moves the binding resource moves it.</summary>
    public IReadOnlyList<Prediction?> Predictions { get; init; } = [];

    /// <summary>"2 clients (pool threads), as predicted (+0%) → 4 clients (…)"; null when no run has one.</summary>
    public string? PredictionLine(LoadModel model) => Predictions.Any(p => p is not null)
        ? string.Join(" → ", Predictions.Select((p, run) =>
            p is null ? "none" : $"{PredictionText.Brief(p, model)}, measured {PredictionText.Outcome(p, Capacities[run])}"))
        : null;

    public static VariantComparison Of(
        string name, IReadOnlyList<ExperimentResult> experiments, NoiseRule noise, IReadOnlyList<RunInfo> facts)
    {
        var runs = experiments.Select(e => e.Variants.First(v => v.Name == name)).ToList();
        var horizons = runs.Select((r, i) => CapacityHorizon.Of(r, facts[i])).ToList();
        var concurrencies = runs[0].Steps.Select(s => s.Concurrency)
            .Where(c => runs.All(r => r.Steps.Any(s => s.Concurrency == c)))
            .Distinct()
            .Order();
        var steps = concurrencies
            .Select(c => StepComparison.Of(c, runs.Select(r => MedianRun(r.Steps.Where(s => s.Concurrency == c))).ToList(), noise))
            .ToList();
        var changes = runs.Select((r, i) =>
            i == 0 ? null : CapacityChange.Of(experiments[0], runs[0], experiments[i], r, noise, horizons[0], horizons[i])).ToList();
        return new VariantComparison(name, runs[0].Blocking, [.. runs.Select(r => r.Capacity)], changes,
            [.. runs.Select(r => KneeStep.Of(r) is { Adjustments: { } adjustments } step
                ? $"{PoolChangesText.Of(adjustments)} at {Format.Count(step.Concurrency)}"
                : null)],
            steps)
        {
            Predictions = [.. runs.Select(r => r.Prediction)],
            Horizons = horizons,
            Curves = [.. runs.Select(r => r.Sustained)],
        };
    }

    /// <summary>"35 concurrent clients (90%: 32–37) at 229 msg/s, 6 s under load" for each run, or "none".</summary>
    public IEnumerable<string> CapacityLines(ExperimentComparison experiment) => Capacities.Select((c, i) => c is null ? "none"
        : $"{CapacityText.Full(c, experiment.Model)} at {Format.Rps(c.Rps)} {experiment.Load.RateUnit}"
            + (Horizons.ElementAtOrDefault(i)?.Seconds is { } horizon ? ", " + HorizonText.Under(horizon) : ""));

    /// <summary>The run with the median throughput stands for a load the search ran several times.</summary>
    private static StepResult MedianRun(IEnumerable<StepResult> runs)
    {
        var sorted = runs.OrderBy(s => s.Rps).ToList();
        return sorted[(sorted.Count - 1) / 2];
    }

    /// <summary>Steps whose SLA verdict differs from the baseline's in some run.</summary>
    public IEnumerable<StepComparison> Flipped => Steps.Where(s => s.VerdictFlipped);
}

/// <summary>One step (a concurrency every run measured) in every run, each later run judged against the baseline.</summary>
/// <param name="FlagsInOneRunOnly">Reasons not to trust a step that some runs raised and others did not, with the runs.</param>
public sealed partial record StepComparison(
    int Concurrency,
    IReadOnlyList<StepResult> Runs,
    IReadOnlyList<Change?> RpsChanges,
    IReadOnlyList<Change?> P95Changes,
    IReadOnlyList<string> FlagsInOneRunOnly)
{
    public static StepComparison Of(int concurrency, IReadOnlyList<StepResult> runs, NoiseRule noise)
    {
        var baseline = runs[0];
        var rps = runs.Select(r => noise.Judge(baseline.Rps, r.Rps, trusted: Trusted(baseline, r))).ToList();
        var p95 = runs.Select(r => noise.Judge(baseline.P95Ms, r.P95Ms, trusted: Trusted(baseline, r))).ToList();
        // A flag is the same flag in two runs when it is of the same kind ("CPU was 94% busy" and "95% busy"): the first
        // run's wording stands for it.
        var flags = runs.SelectMany(r => r.Flags).DistinctBy(SameKind)
            .Where(f => runs.Any(r => !r.Flags.Any(g => SameKind(g) == SameKind(f))))
            .Select(f => $"{FlagText.Of(f)} ({string.Join(", ", runs.Select((r, i) => (r, i))
                .Where(x => x.r.Flags.Any(g => SameKind(g) == SameKind(f))).Select(x => $"run {x.i + 1}"))})")
            .ToList();
        return new StepComparison(concurrency, runs, rps, p95, flags);
    }

    public bool VerdictFlipped => Runs.Any(r => r.MeetsSla != Runs[0].MeetsSla);

    /// <summary>A flag read as a sentence from an older file is of the same kind as another when only its figures differ.</summary>
    private static (StepFlagKind, string?) SameKind(StepFlag flag) =>
        (flag.Kind, flag.Kind == StepFlagKind.Legacy ? Figures().Replace(flag.Text ?? string.Empty, "#") : null);

    [System.Text.RegularExpressions.GeneratedRegex(@"\d[\d,.]*")]
    private static partial System.Text.RegularExpressions.Regex Figures();

    // A step flagged in either run (not steady, k6 short of CPU) is shown, never called a change.
    private static bool Trusted(StepResult baseline, StepResult other) => baseline.Flags.Count == 0 && other.Flags.Count == 0;
}
