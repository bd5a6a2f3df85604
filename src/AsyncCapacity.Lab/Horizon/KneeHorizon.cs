using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>The time a capacity holds at: seconds under load from a cold app (each probe starts one) at the end of the windows
/// that decided it. A probe's window may be longer than the profile's (a thin load gets more seconds), so the longest of them.</summary>
public static class KneeHorizon
{
    public static double? Of(VariantResult variant, RunInfo run) =>
        variant.Capacity?.HorizonSeconds ?? OfSteps(variant.Steps, variant.Capacity)
            ?? (variant.Capacity is null ? null : run.Settings.WarmupSeconds + run.Settings.StepSeconds);

    /// <summary>From the probes the knee rests on: those it marks as deciding, else those at its load.</summary>
    public static double? OfSteps(IReadOnlyList<StepResult> steps, Capacity? capacity)
    {
        if (capacity is null)
        {
            return null;
        }

        var deciding = steps.Where(s => s.Decided).ToList();
        if (deciding.Count == 0)
        {
            deciding = [.. steps.Where(s => s.Concurrency == capacity.Concurrency)];
        }

        return deciding.Count == 0 ? null : deciding.Max(s => Math.Round((s.EndedAt - s.StartedAt).TotalSeconds, 1));
    }

    /// <summary>Whether a blocking variant's pool grew during the probes that decided it: only then does the horizon move its
    /// capacity (an awaiting variant's pool grows a little too, but its capacity does not wait for it).</summary>
    public static bool PoolGrew(VariantResult variant) =>
        variant.Blocking && variant.Steps.Where(s => s.Decided || s.Concurrency == variant.Capacity?.Concurrency)
            .Any(s => s.ThreadsAtEnd > s.ThreadsAtStart);
}
