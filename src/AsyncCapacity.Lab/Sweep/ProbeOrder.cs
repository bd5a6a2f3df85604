using System.Globalization;

namespace AsyncCapacity.Lab.Sweep;

/// <param name="Seconds">The measured window; the search stretches it where too few requests would complete.</param>
/// <param name="CheckRoutes">The experiment's first probe: the port checks every variant's request once before it loads one.</param>
public sealed record ProbeOrder(
    ExperimentPlan Plan, string Variant, int Load, double Seconds, int Run, int Number, ProbeKind Kind, bool CheckRoutes = false)
{
    /// <summary>Names the probe's files: "sleep-sync-c50-r2".</summary>
    public string Name => string.Create(CultureInfo.InvariantCulture, $"{Plan.Id}-{Variant}-c{Load}-r{Run}");

    public TimeSpan Deadline => Plan.Timing.Deadline(Seconds);
}
