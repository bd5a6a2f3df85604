using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Waits;

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
        var experiments = common
            .Select(name => ExperimentComparison.Of(
                name, runs.Select(r => r.Document.Experiments.First(e => e.Name == name)).ToList(), noise))
            .ToList();
        return new RunComparison(runs, noise, SettingsDiff.Of(runs), SettingsDiff.Warnings(runs), experiments, onlyInSome);
    }
}

/// <summary>A setting that is not the same in every run: its name and its value in each, in run order.</summary>
public sealed record SettingDifference(string Name, IReadOnlyList<string> Values);

/// <summary>One experiment in every run, in its own units (the baseline's kind and model).</summary>
public sealed record ExperimentComparison(
    string Name, string Title, LoadKind Load, LoadModel Model, Sla Sla, IReadOnlyList<VariantComparison> Variants)
{
    public static ExperimentComparison Of(string name, IReadOnlyList<ExperimentResult> runs, NoiseRule noise)
    {
        var variants = runs[0].Variants.Select(v => v.Name)
            .Where(v => runs.All(r => r.Variants.Any(x => x.Name == v)))
            .Select(v => VariantComparison.Of(v, runs.Select(r => r.Variants.First(x => x.Name == v)).ToList(), noise))
            .ToList();
        return new ExperimentComparison(name, runs[0].Title, runs[0].Load, runs[0].Model, runs[0].Sla, variants);
    }
}

/// <summary>One variant in every run: capacities judged by their brackets, the runtime at each knee, and the loads every run
/// measured (a load run several times stands as its median run, so one noisy run does not decide).</summary>
public sealed record VariantComparison(
    string Name,
    bool Blocking,
    IReadOnlyList<Capacity?> Capacities,
    IReadOnlyList<CapacityChange?> CapacityChanges,
    IReadOnlyList<string?> RuntimeAtKnee,
    IReadOnlyList<StepComparison> Steps)
{
    /// <summary>The laws' prediction in each run: a knob that moves the binding resource moves it.</summary>
    public IReadOnlyList<Prediction?> Predictions { get; init; } = [];

    /// <summary>"2 clients (pool threads), as predicted (+0%) → 4 clients (…)"; null when no run has one.</summary>
    public string? PredictionLine(LoadModel model) => Predictions.Any(p => p is not null)
        ? string.Join(" → ", Predictions.Select(p =>
            p is null ? "none" : $"{PredictionText.Brief(p, model)}, measured {PredictionText.Outcome(p)}"))
        : null;

    public static VariantComparison Of(string name, IReadOnlyList<VariantResult> runs, NoiseRule noise)
    {
        var concurrencies = runs[0].Steps.Select(s => s.Concurrency)
            .Where(c => runs.All(r => r.Steps.Any(s => s.Concurrency == c)))
            .Distinct()
            .Order();
        var steps = concurrencies
            .Select(c => StepComparison.Of(c, runs.Select(r => MedianRun(r.Steps.Where(s => s.Concurrency == c))).ToList(), noise))
            .ToList();
        var changes = runs.Select((r, i) => i == 0 ? null : CapacityChange.Of(runs[0], r)).ToList();
        return new VariantComparison(name, runs[0].Blocking, [.. runs.Select(r => r.Capacity)], changes,
            [.. runs.Select(r => KneeStep.Of(r) is { Adjustments: { } adjustments } step
                ? $"{PoolAdjustmentChanges.Describe(adjustments)} at {Format.Count(step.Concurrency)}"
                : null)],
            steps)
        {
            Predictions = [.. runs.Select(r => r.Prediction)],
        };
    }

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
        // A flag is the same flag in two runs when only its figures differ ("CPU was 94% busy" and "95% busy"): the
        // first run's wording stands for it.
        var flags = runs.SelectMany(r => r.Flags).DistinctBy(FlagKind)
            .Where(f => runs.Any(r => !r.Flags.Any(g => FlagKind(g) == FlagKind(f))))
            .Select(f => $"{f} ({string.Join(", ", runs.Select((r, i) => (r, i))
                .Where(x => x.r.Flags.Any(g => FlagKind(g) == FlagKind(f))).Select(x => $"run {x.i + 1}"))})")
            .ToList();
        return new StepComparison(concurrency, runs, rps, p95, flags);
    }

    public bool VerdictFlipped => Runs.Any(r => r.MeetsSla != Runs[0].MeetsSla);

    private static string FlagKind(string flag) => Figures().Replace(flag, "#");

    [System.Text.RegularExpressions.GeneratedRegex(@"\d[\d,.]*")]
    private static partial System.Text.RegularExpressions.Regex Figures();

    // A step flagged in either run (not steady, k6 short of CPU) is shown, never called a change.
    private static bool Trusted(StepResult baseline, StepResult other) => baseline.Flags.Count == 0 && other.Flags.Count == 0;
}

/// <summary>Whether a later run's capacity differs from the baseline's: only when their brackets do not overlap.</summary>
public enum CapacityChangeKind
{
    /// <summary>The later run met the SLA (most of its runs) at a load where the baseline missed it.</summary>
    Higher,

    /// <summary>The baseline met the SLA at a load where the later run missed it.</summary>
    Lower,

    /// <summary>The brackets overlap: as far as these runs can tell, the same capacity.</summary>
    Same,
}

/// <summary>A change is called real only when the two runs' brackets (met … first missed) do not overlap: a threshold on one
/// step would call a shared machine's drift a change.</summary>
public sealed record CapacityChange(CapacityChangeKind Kind, string Text)
{
    public static CapacityChange Of(VariantResult baseline, VariantResult other)
    {
        var (fromLow, fromHigh) = Interval(baseline);
        var (toLow, toHigh) = Interval(other);
        var kind = toLow > fromHigh ? CapacityChangeKind.Higher : toHigh < fromLow ? CapacityChangeKind.Lower : CapacityChangeKind.Same;
        var text = kind switch
        {
            CapacityChangeKind.Higher => "higher: the brackets do not overlap",
            CapacityChangeKind.Lower => "lower: the brackets do not overlap",
            _ => "~ the brackets overlap: not a change these runs can show",
        };
        return new CapacityChange(kind, text);
    }

    /// <summary>The loads the capacity may be: from the load that met to one below the first that missed.</summary>
    private static (double Low, double High) Interval(VariantResult variant)
    {
        if (variant.Capacity is not { } capacity)
        {
            return (0, 0);
        }

        var missed = capacity.AtLeastBecause is not null ? null
            : capacity.MissedAt ?? variant.Steps
                .Where(s => !s.MeetsSla && s.Concurrency > capacity.Concurrency).Select(s => (int?)s.Concurrency).Min();
        return (capacity.Concurrency, missed is { } m ? m - 1 : double.PositiveInfinity);
    }
}
