using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

/// <summary>The time under load a variant's capacity was judged at in one run, and how its pool grew during the probes that
/// decided it: a blocking variant judged at 6 s and at 10 s is measured twice at different points of a rising curve.</summary>
public sealed record CapacityHorizon(double? Seconds, bool PoolGrew, (int AtStart, int AtEnd)? Threads)
{
    /// <summary>A probe's window is whole seconds: horizons closer than one are the same.</summary>
    public const double SameWithinSeconds = 1;

    public static CapacityHorizon Of(VariantResult variant, RunInfo run) =>
        new(HorizonText.Seconds(variant, run), KneeHorizon.PoolGrew(variant), KneeHorizon.Threads(variant));

    public static bool Differ(CapacityHorizon a, CapacityHorizon b) =>
        a.Seconds is { } x && b.Seconds is { } y && Math.Abs(x - y) >= SameWithinSeconds;
}
