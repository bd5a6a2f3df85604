using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The time under load a capacity was judged at, in words: a cold pool grows while a load lasts, so a blocking
/// variant's capacity holds at that time only (<see cref="KneeHorizon"/>).</summary>
public static class HorizonText
{
    /// <summary>The run's settings give older files their profile's horizon; without the run, the probes' own.</summary>
    public static double? Seconds(VariantResult variant, RunInfo? run) => run is null
        ? variant.Capacity?.HorizonSeconds ?? KneeHorizon.OfSteps(variant.Steps, variant.Capacity)
        : KneeHorizon.Of(variant, run);

    /// <summary>"at 6 s": beside a capacity in a table.</summary>
    public static string At(double seconds) => $"at {Format.Seconds(seconds)}";

    /// <summary>"6 s under load": beside a capacity in a list.</summary>
    public static string Under(double seconds) => $"{Format.Seconds(seconds)} under load";

    /// <summary>"6 s into a burst on a cold app"; a long-lived app (k6 alone, --target) keeps threads from earlier loads.</summary>
    public static string Into(double seconds, RunInfo? run) =>
        $"{Format.Seconds(seconds)} into a burst " + (ColdStarts(run) ? "on a cold app" : "on a running app, not a cold start");

    /// <summary>"Judged 10 s into a burst on a cold app." Null where the capacity has no horizon.</summary>
    public static string? Card(VariantResult variant, RunInfo run) =>
        variant.Capacity is not null && Seconds(variant, run) is { } seconds ? $"Judged {Into(seconds, run)}." : null;

    /// <summary>"Within those 10 s the pool grew from 20 to 52 threads: held longer, sync may serve more." Null where a blocking
    /// variant's pool did not grow during the probes that decided it.</summary>
    public static string? Grew(VariantResult variant, RunInfo run) =>
        Seconds(variant, run) is { } seconds && KneeHorizon.PoolGrew(variant)
            && KneeHorizon.Threads(variant) is { } threads && threads.AtEnd > threads.AtStart
            ? $"Within those {Format.Seconds(seconds)} the pool grew from {Format.Count(threads.AtStart)} to "
                + $"{Format.Count(threads.AtEnd)} threads: held longer, {variant.Name} may serve more."
            : null;

    /// <summary>compare, where two runs judged a variant whose pool grew at different times under load: "not judged: the horizons
    /// differ (6 s → 10 s) and the pool grew during the probes (20 → 36 threads; 20 → 53 threads): …".</summary>
    /// <param name="knees">The knees' ratio as the significance test reads it, said as a figure only.</param>
    public static string Differ(double from, double to, IReadOnlyList<(int AtStart, int AtEnd)?> threads, string? knees)
    {
        var grew = threads.Select(t => t is { } g ? $"{Format.Count(g.AtStart)} → {Format.Count(g.AtEnd)} threads" : "not recorded");
        return $"not judged: the horizons differ ({Format.Seconds(from)} → {Format.Seconds(to)}) and the pool grew during the probes "
            + $"({string.Join("; ", grew)}): a blocking capacity rises while a load lasts, so the later horizon measures another "
            + "point of its curve, not a change" + (knees is null ? "" : $" (the knees' ratio: {knees})");
    }

    /// <summary>Every probe on a fresh process, as the sweep runs them (an older file's isolation read as words says so too).</summary>
    public static bool ColdStarts(RunInfo? run) => run?.Isolation.Kind is null or RunIsolationKind.FreshPerProbe
        || (run.Isolation.Kind == RunIsolationKind.Legacy && run.Isolation.Text?.Contains("fresh", StringComparison.Ordinal) == true);
}
