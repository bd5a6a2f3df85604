using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Html;

internal static class KneeNotes
{
    private const double Near = 0.2;

    /// <summary>Where the interval is wide because p95 hugs the SLA over a range of loads, that is the finding; null where
    /// the knee is sharp or no probes sit near the SLA.</summary>
    public static string? Flat(ExperimentResult experiment, VariantResult variant)
    {
        if (variant.Capacity?.Estimate is not { } estimate || estimate.Within(0.2))
        {
            return null;
        }

        var near = variant.Steps.Where(s => s.Judged && s.P95Ms is { } p95 && Math.Abs(p95 / experiment.Sla.P95Ms - 1) <= Near)
            .Select(s => s.Concurrency).Order().ToList();
        return near.Count < 2 || near[^1] < near[0] * 1.2 ? null
            : $"The knee turns slowly: p95 stayed within {Near * 100:0}% of the SLA from {experiment.Model.Load(near[0])} to "
                + $"{Format.Count(near[^1])}, met and missed in no order, so the capacity is a range, not a point.";
    }

    /// <summary>"At its headline load, 10,000 concurrent clients: held (0 errors, …); p95 3.1 s misses the SLA."</summary>
    public static string? Headline(ExperimentResult experiment, VariantResult variant)
    {
        if (experiment.Headline is not { } load || variant.Steps.Where(s => s.Concurrency == load).MinBy(s => s.Run) is not { } step)
        {
            return null;
        }

        // Held: every client answered, no error beyond the SLA's, no session lost; the p95 is the SLA's business, said apart.
        var held = step.Missed.All(m => m == "p95");
        var facts = new List<string> { $"{Format.Count(step.Errors)} errors" };
        if (!held && step.Missed.Contains("clients"))
        {
            facts.Insert(0, $"only {Format.Count(step.Requests)} answers in {Format.Seconds(step.DurationSeconds)}");
        }

        if (step.ThreadsAtEnd is { } threads)
        {
            facts.Add($"{Format.Count(threads)} pool threads");
        }

        if (step.LoadGeneratorCpuPercent is { } k6Cpu)
        {
            facts.Add($"k6 at {Format.Percent(k6Cpu)} CPU"
                + (step.LoadGeneratorMemoryMb is { } mb ? $" and {Format.Number(Math.Round(mb / 1024, 1))} GB" : ""));
        }

        var sla = step.MeetsSla ? "it met the SLA too" : step.P95Ms is { } p95 ? $"p95 {Format.Duration(p95)} against the SLA" : "";
        return $"At its headline load, {experiment.Model.Load(load)}: {(held ? "held" : "not held")} ({string.Join(", ", facts)})"
            + (held && sla.Length > 0 ? $"; {sla}." : ".");
    }
}
