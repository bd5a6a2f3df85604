using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Html;

internal static class CardFacts
{
    public static string? Why(ExperimentResult experiment, VariantResult variant)
    {
        var step = KneeStep.Of(variant);
        if (step is null || (step.Adjustments is null && step.Waits is null))
        {
            return null;
        }

        var which = variant.Capacity?.MissedAt == step.Concurrency ? "the first load that missed"
            : variant.Capacity is null ? "the lowest load tried"
            : "the capacity";
        var facts = new List<string>();
        if (step.Adjustments is { } adjustments)
        {
            facts.Add(adjustments.Count == 0 ? "the pool did not move its thread goal"
                : $"the pool changed its thread goal by {PoolChangesText.Of(adjustments)}");
        }

        if (step.Waits is { } waits)
        {
            var held = WaitText.Held(waits).Take(2).Select(g => WaitText.Line(g, waits.PoolThreads, variant.Request)).ToList();
            facts.Add(held.Count == 0 ? "no thread was held in the app's code" : string.Join("; ", held));
        }

        if (variant.ThreadsHeld is { } measured)
        {
            facts.Add(HoldText.Measured(variant, measured));
        }

        return $"Why, at {experiment.Model.Load(step.Concurrency)} ({which}): {string.Join("; ", facts)}.";
    }

    public static string HighestStep(ExperimentResult experiment, StepResult step)
    {
        var facts = new List<string>
        {
            $"{Format.Rps(step.Rps)} {experiment.RateUnit}",
            $"p95 {Format.Latency(step.P95Ms, experiment.Load.LatencyResolutionMs)}",
        };
        if (step.ThreadsAtEnd is { } threads)
        {
            facts.Add($"{Format.Count(threads)} pool threads");
        }

        if (step.CpuPercent is { } cpu)
        {
            facts.Add($"app CPU {Format.Percent(cpu)}");
        }

        facts.AddRange(GaugeFigures.Columns(experiment)
            .Where(column => step.Gauge(column.Id) is not null)
            .Select(column => $"{column.Header} {GaugeFigures.Text(column, step)}"));
        return $"At {experiment.Model.Load(step.Concurrency)} (highest load): {string.Join(", ", facts)}.";
    }
}
