using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>The answer for a probe that measured nothing: a step with no requests, not judged, whose flag says why.</summary>
public static class FailedProbe
{
    public static ProbeAnswer Answer(ProbeOrder order, StepFlag why, DateTimeOffset at)
    {
        var step = new StepResult
        {
            Concurrency = order.Load,
            StartedAt = at,
            MeasuredFrom = at,
            EndedAt = at,
            DurationSeconds = 0,
            Requests = 0,
            Errors = 0,
            ErrorRate = 0,
            Rps = 0,
            MeetsSla = false,
            Thin = true,
            Flags = [why],
        };
        return new ProbeAnswer(new AnalysedStep(order.Variant, at.ToUnixTimeMilliseconds(), step, []));
    }

    public static StepFlag PastDeadline(TimeSpan deadline) =>
        new(StepFlagKind.PastDeadline) { Seconds = Math.Round(deadline.TotalSeconds) };

    public static StepFlag LoadGeneratorFailed(int exitCode, string? lastWords) =>
        new(StepFlagKind.LoadGeneratorFailed) { Count = exitCode, Text = lastWords };
}
