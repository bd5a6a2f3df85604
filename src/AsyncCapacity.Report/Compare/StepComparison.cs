using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

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
