using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Waits;

namespace AsyncCapacity.Report.Formatting;

/// <summary>How much a <see cref="RuntimeSentence"/> says: the CLI's progress line, or the report's step table.</summary>
public enum RuntimeDetail
{
    /// <summary>The step's line in the CLI: out of CPU, the pool's changes, the threads held (only what there was).</summary>
    Line,

    /// <summary>The report's step table: the line, plus "pool goal unchanged", lock contentions and GC pause.</summary>
    Full,
}

/// <summary>
/// What the runtime said of a step, composed in one place for every place that shows it (the CLI's progress line and
/// the report's step table): which side was out of CPU · the pool's changes to its thread goal by reason · the
/// threads held in the app's code · (in full) lock contentions · GC pause. One clause per fact, joined by " · ": a new
/// fact is one more clause here.
/// </summary>
public static class RuntimeSentence
{
    public const string Separator = " · ";

    /// <summary>The sentence; empty when the runtime said nothing of the step (an older run, k6 on its own).</summary>
    public static string Compose(StepResult step, RuntimeDetail detail) => string.Join(Separator, Clauses(step, detail));

    public static IEnumerable<string> Clauses(StepResult step, RuntimeDetail detail)
    {
        if (step.Saturated is { } saturated)
        {
            yield return saturated == Saturation.App ? "the app at its CPUs' limit" : "k6 at its CPUs' limit";
        }

        if (step.Adjustments is { Count: > 0 } adjustments)
        {
            yield return $"pool: {PoolAdjustmentChanges.Describe(adjustments)}";
        }
        else if (step.Adjustments is not null && detail == RuntimeDetail.Full)
        {
            yield return "pool goal unchanged";
        }

        if (step.Waits is { } waits)
        {
            yield return WaitText.Headline(waits);
        }

        if (detail == RuntimeDetail.Line)
        {
            yield break;
        }

        if (step.LockContentions > 0)
        {
            yield return $"{Format.Count(step.LockContentions)} lock contentions";
        }

        if (step.GcPauseMs >= 1)
        {
            yield return $"GC paused {Format.Duration(step.GcPauseMs)}";
        }
    }
}
