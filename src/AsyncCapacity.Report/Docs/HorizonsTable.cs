using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Docs;

/// <summary>Capacity over time, a row per variant that held loads (--sustain): the short probes' knee at its horizon, the same
/// variant's knee in other runs (the standard profile's, say), the curve at 30 s and at the horizon held, where the pool settled,
/// and each load held: when it caught up, beside what the injection laws forecast for it. The words are the report's.</summary>
public static class HorizonsTable
{
    private const double HalfMinute = 30;

    public static string Of(IReadOnlyList<ResultsDocument> runs, IReadOnlyList<ResultsDocument> kneesFrom)
    {
        var rows = new List<string>
        {
            "| experiment | variant | knee (90%) | other knees | at 30 s | at the horizon held | where the pool settled "
                + "| each load held: caught up (forecast) |",
            "|---|---|---|---|---|---|---|---|",
        };
        foreach (var run in runs)
        {
            foreach (var experiment in run.Experiments)
            {
                foreach (var variant in experiment.Variants)
                {
                    if (variant.Sustained is not { } sustained)
                    {
                        continue;
                    }

                    var others = kneesFrom.SelectMany(other => other.Experiments.Where(e => e.Name == experiment.Name)
                        .SelectMany(e => e.Variants.Where(v => v.Name == variant.Name)).Select(v => Knee(v, other.Run))).ToList();
                    rows.Add($"| {experiment.Name} | {variant.Name} | {Knee(variant, run.Run)} "
                        + $"| {(others.Count == 0 ? Format.Missing : string.Join("; ", others))} | {Point(sustained, HalfMinute)} "
                        + $"| {Point(sustained, sustained.HorizonSeconds)} at {Format.Seconds(sustained.HorizonSeconds)} "
                        + $"| {Cell(SustainedText.Settled(sustained))} | {Cell(Holds(sustained))} |");
                }
            }
        }

        return string.Join('\n', rows) + "\n";
    }

    /// <summary>"63 (59–68) at 6 s": the capacity, its 90% interval in whole clients where it spans more than one, its horizon.</summary>
    public static string Knee(VariantResult variant, RunInfo run) => variant.Capacity is not { } capacity ? "none"
        : CapacityText.Value(capacity)
            + (capacity is { Estimate: { } e, AtLeastBecause: null } && e.LowLoad != e.HighLoad
                ? $" ({Format.Count(e.LowLoad)}–{Format.Count(e.HighLoad)})" : "")
            + $" at {Format.Seconds(KneeHorizon.Of(variant, run)!.Value)}";

    /// <summary>The curve's capacity at that time under load, as the report writes it; "–" where the curve has no point there.</summary>
    public static string Point(Sustained sustained, double seconds) =>
        sustained.Curve.FirstOrDefault(p => Math.Abs(p.Seconds - seconds) < 1e-9) is { } point
            ? SustainedText.Point(point)
            : Format.Missing;

    /// <summary>"4: at 54 s (forecast at 19 s–22 s in 10 of 10 simulated runs); 8: never within 2 min (forecast …)".</summary>
    private static string Holds(Sustained sustained) => string.Join("; ", sustained.Holds.Select(hold =>
    {
        var measured = hold.EndedBy == HoldEnd.Failed ? $"not measured ({FlagText.WhyFailed(hold)})"
            : hold.CaughtUpAt is { } at ? $"at {Format.Seconds(at)}" : $"never within {Format.Seconds(hold.HeldSeconds)}";
        var forecast = hold.Forecast is { } f ? $" (forecast {ForecastText.Predicted(f, sustained.HorizonSeconds)})" : "";
        return $"{Format.Count(hold.Concurrency)}: {measured}{forecast}";
    }));

    private static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal).Replace('\n', ' ');
}
