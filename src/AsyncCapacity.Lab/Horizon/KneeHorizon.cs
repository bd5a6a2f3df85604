using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>The time a capacity holds at: seconds under load from a cold app (each probe starts one) at the end of the windows
/// that decided it. A probe's window may be longer than the profile's (a thin load gets more seconds), so the longest of them.</summary>
public static class KneeHorizon
{
    public static double? Of(VariantResult variant, RunInfo run) =>
        variant.Capacity?.HorizonSeconds ?? OfSteps(variant.Steps, variant.Capacity)
            ?? (variant.Capacity is null ? null : run.Settings.WarmupSeconds + run.Settings.StepSeconds);

    /// <summary>From the windows that decided the knee (none where its interval fell between probes: then the profile's).</summary>
    public static double? OfSteps(IReadOnlyList<StepResult> steps, Capacity? capacity)
    {
        var deciding = capacity is null ? [] : Deciding([.. steps], capacity);
        return deciding.Count == 0 ? null : deciding.Max(s => Math.Round((s.EndedAt - s.StartedAt).TotalSeconds, 1));
    }

    /// <summary>The probes a knee rests on: those that decided it, else, where its interval fell between probes, the nearest on
    /// either side (the heaviest that met below it, the lightest that missed above): what limited it is read from them.</summary>
    public static IReadOnlyList<StepResult> RestsOn(IReadOnlyList<StepResult> steps, Capacity capacity)
    {
        var measured = steps.Where(s => !s.Failed).ToList();
        if (Deciding(measured, capacity) is { Count: > 0 } deciding)
        {
            return deciding;
        }

        var below = measured.Where(s => s.MeetsSla && s.Concurrency < capacity.Concurrency).MaxBy(s => s.Concurrency);
        var above = measured.Where(s => !s.MeetsSla && s.Concurrency > capacity.Concurrency).MinBy(s => s.Concurrency);
        return [.. new[] { below, above }.OfType<StepResult>()];
    }

    /// <summary>Those it marks as deciding, else those at its load.</summary>
    private static List<StepResult> Deciding(List<StepResult> steps, Capacity capacity) =>
        steps.Where(s => s.Decided).ToList() is { Count: > 0 } decided
            ? decided
            : [.. steps.Where(s => s.Concurrency == capacity.Concurrency)];

    /// <summary>The pool's threads over the probes the knee rests on: the fewest any started with, the most any ended with; null
    /// where none recorded them.</summary>
    public static (int AtStart, int AtEnd)? Threads(VariantResult variant)
    {
        var steps = variant.Steps.Where(s => s.Decided || s.Concurrency == variant.Capacity?.Concurrency)
            .Where(s => s is { ThreadsAtStart: not null, ThreadsAtEnd: not null }).ToList();
        return steps.Count == 0 ? null : (steps.Min(s => s.ThreadsAtStart!.Value), steps.Max(s => s.ThreadsAtEnd!.Value));
    }

    /// <summary>Whether a blocking variant's pool grew during the probes that decided it: only then does the horizon move its
    /// capacity (an awaiting variant's pool grows a little too, but its capacity does not wait for it).</summary>
    public static bool PoolGrew(VariantResult variant) =>
        variant.Blocking && variant.Steps.Where(s => s.Decided || s.Concurrency == variant.Capacity?.Concurrency)
            .Any(s => s.ThreadsAtEnd > s.ThreadsAtStart);
}
