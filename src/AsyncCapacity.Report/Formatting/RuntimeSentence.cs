using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

public enum RuntimeDetail
{
    /// <summary>The CLI's progress line: only what there was.</summary>
    Line,

    /// <summary>The report's step table: also "pool goal unchanged", lock contentions and GC pause.</summary>
    Full,
}

/// <summary>One place for every view of what the runtime said, one clause per fact: a new fact is one more clause here.</summary>
public static class RuntimeSentence
{
    public const string Separator = " · ";

    /// <summary>Empty when the runtime said nothing of the step (an older run, k6 on its own).</summary>
    public static string Compose(StepResult step, RuntimeDetail detail) => string.Join(Separator, Clauses(step, detail));

    public static IEnumerable<string> Clauses(StepResult step, RuntimeDetail detail)
    {
        if (step.Saturated is { } saturated)
        {
            yield return saturated == Saturation.App ? "the app at its CPUs' limit" : "k6 at its CPUs' limit";
        }

        if (step.Adjustments is { Count: > 0 } adjustments)
        {
            yield return $"pool: {PoolChangesText.Of(adjustments)}";
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
