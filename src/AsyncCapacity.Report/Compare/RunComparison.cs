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

/// <summary>One variant in every run: its capacity per run and its steps (the concurrencies every run measured).</summary>
public sealed record VariantComparison(
    string Name,
    bool Blocking,
    IReadOnlyList<Capacity?> Capacities,
    IReadOnlyList<StepComparison> Steps)
{
    public static VariantComparison Of(string name, IReadOnlyList<VariantResult> runs, NoiseRule noise)
    {
        var concurrencies = runs[0].Steps.Select(s => s.Concurrency)
            .Where(c => runs.All(r => r.Steps.Any(s => s.Concurrency == c)))
            .Distinct()
            .Order();
        var steps = concurrencies
            .Select(c => StepComparison.Of(c, runs.Select(r => r.Steps.Last(s => s.Concurrency == c)).ToList(), noise))
            .ToList();
        return new VariantComparison(name, runs[0].Blocking, [.. runs.Select(r => r.Capacity)], steps);
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
