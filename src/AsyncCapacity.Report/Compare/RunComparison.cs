using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Compare;

/// <summary>One run of a comparison: its results and the short name every table and legend gives it (its folder).</summary>
public sealed record ComparedRun(string Label, ResultsDocument Document);

/// <summary>
/// Two or more runs side by side, the first as the baseline: what differs between their settings, whether they can
/// be compared at all, and per experiment, variant and step how throughput, p95, capacity and the SLA verdict moved.
/// A pure function of the documents; the terminal table and compare.html only render it.
/// </summary>
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
            .Select(name => ExperimentComparison.Of(name, runs.Select(r => r.Document.Experiments.First(e => e.Name == name)).ToList(), noise))
            .ToList();
        return new RunComparison(runs, noise, SettingsDiff.Of(runs), SettingsDiff.Warnings(runs), experiments, onlyInSome);
    }
}

/// <summary>A setting that is not the same in every run: its name and its value in each, in run order.</summary>
public sealed record SettingDifference(string Name, IReadOnlyList<string> Values);

/// <summary>One experiment in every run: its variants' steps and capacities, in its own units (the baseline's kind and model).</summary>
public sealed record ExperimentComparison(string Name, string Title, LoadKind Load, LoadModel Model, Sla Sla, IReadOnlyList<VariantComparison> Variants)
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

/// <summary>
/// One variant in every run: its capacity per run, each later run's judged against the baseline's by their brackets, what
/// the runtime said at each run's knee, and its steps (the loads every run measured; a load run several times stands as
/// its median run).
/// </summary>
public sealed record VariantComparison(
    string Name,
    bool Blocking,
    IReadOnlyList<Capacity?> Capacities,
    IReadOnlyList<CapacityChange?> CapacityChanges,
    IReadOnlyList<string?> RuntimeAtKnee,
    IReadOnlyList<StepComparison> Steps)
{
    /// <summary>What the laws predicted in each run (a knob that moves the binding resource moves it) and how the run compared.</summary>
    public IReadOnlyList<Prediction?> Predictions { get; init; } = [];

    /// <summary>"2 clients (pool threads), as predicted (+0%) → 4 clients (pool threads), as predicted (+0%)"; null when no run has one.</summary>
    public string? PredictionLine(LoadModel model) => Predictions.Any(p => p is not null)
        ? string.Join(" → ", Predictions.Select(p => p is null ? "none" : $"{Formatting.PredictionText.Brief(p, model)}, measured {Formatting.PredictionText.Outcome(p)}"))
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
                ? $"{Waits.PoolAdjustmentChanges.Describe(adjustments)} at {Formatting.Format.Count(step.Concurrency)}"
                : null)],
            steps)
        {
            Predictions = [.. runs.Select(r => r.Prediction)],
        };
    }

    /// <summary>The run of a load with the median throughput: what stands for the load when the search ran it several times.</summary>
    private static StepResult MedianRun(IEnumerable<StepResult> runs)
    {
        var sorted = runs.OrderBy(s => s.Rps).ToList();
        return sorted[(sorted.Count - 1) / 2];
    }

    /// <summary>Steps whose SLA verdict differs from the baseline's in some run.</summary>
    public IEnumerable<StepComparison> Flipped => Steps.Where(s => s.VerdictFlipped);
}

/// <summary>One step (a concurrency every run measured) in every run, each later run judged against the baseline.</summary>
/// <param name="FlagsInOneRunOnly">Flags (reasons not to trust a step) that some runs raised and others did not, with the runs.</param>
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
            .Select(f => $"{f} ({string.Join(", ", runs.Select((r, i) => (r, i)).Where(x => x.r.Flags.Any(g => FlagKind(g) == FlagKind(f))).Select(x => $"run {x.i + 1}"))})")
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

/// <summary>
/// A capacity judged by brackets, not by a threshold on one step: each capacity lies between the load that met (by the
/// majority of its runs) and the first that missed above it (unbounded for a lower bound, or for a run before the search
/// whose grid has no miss above). A change is called real only when the two intervals do not overlap.
/// </summary>
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

    /// <summary>The loads the capacity may be: from the load that met to one below the first that missed; none met: below 1.</summary>
    private static (double Low, double High) Interval(VariantResult variant)
    {
        if (variant.Capacity is not { } capacity)
        {
            return (0, 0);
        }

        var missed = capacity.AtLeastBecause is not null ? null
            : capacity.MissedAt ?? variant.Steps.Where(s => !s.MeetsSla && s.Concurrency > capacity.Concurrency).Select(s => (int?)s.Concurrency).Min();
        return (capacity.Concurrency, missed is { } m ? m - 1 : double.PositiveInfinity);
    }
}
