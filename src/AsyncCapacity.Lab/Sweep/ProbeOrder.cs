using System.Globalization;
using AsyncCapacity.Lab.Analysis;

namespace AsyncCapacity.Lab.Sweep;

/// <param name="Seconds">The measured window; the search stretches it where too few requests would complete.</param>
/// <param name="CheckRoutes">The experiment's first probe: the port checks every variant's request once before it loads one.</param>
public sealed record ProbeOrder(
    ExperimentPlan Plan, string Variant, int Load, double Seconds, int Run, int Number, ProbeKind Kind, bool CheckRoutes = false)
{
    /// <summary>Names the probe's files: "sleep-sync-c50-r2", its load tagged by its kind (<see cref="ProbeKind.LoadTag"/>).</summary>
    public string Name => string.Create(CultureInfo.InvariantCulture, $"{Plan.Id}-{Variant}-{Kind.LoadTag}{Load}-r{Run}");

    public TimeSpan Deadline => Timing.Deadline(Seconds);

    /// <summary>The plan's terms, or the kind's own (a demand probe offers its rate in the open model whatever the sweep's).</summary>
    public ExperimentTerms Terms => Kind.TermsOf(Plan);

    /// <summary>The plan's timing, or the kind's own (a demand probe warms up for longer).</summary>
    public ProbeTiming Timing => Kind.TimingOf(Plan);
}
