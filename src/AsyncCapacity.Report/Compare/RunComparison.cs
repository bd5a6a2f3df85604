using AsyncCapacity.Lab.Results;

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
