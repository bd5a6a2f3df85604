using System.Globalization;
using AsyncCapacity.Lab.Analysis;

namespace AsyncCapacity.Lab.Sweep;

/// <param name="Seconds">The measured window; the search stretches it where too few requests would complete.</param>
/// <param name="CheckRoutes">The experiment's first probe: the port checks every variant's request once before it loads one.</param>
public sealed record ProbeOrder(
    ExperimentPlan Plan, string Variant, int Load, double Seconds, int Run, int Number, ProbeKind Kind, bool CheckRoutes = false)
{
    /// <summary>Names the probe's files: "sleep-sync-c50-r2"; a demand probe's load is a rate, "sleep-async-rps500-r1", apart from
    /// a search probe of as many clients.</summary>
    public string Name =>
        string.Create(CultureInfo.InvariantCulture, $"{Plan.Id}-{Variant}-{(Kind is DemandProbe ? "rps" : "c")}{Load}-r{Run}");

    public TimeSpan Deadline => Timing.Deadline(Seconds);

    /// <summary>The plan's terms; a demand probe offers its rate in the open model whatever the sweep's.</summary>
    public ExperimentTerms Terms => Kind is DemandProbe ? Plan.Terms with { Model = LoadModel.Open } : Plan.Terms;

    /// <summary>The plan's timing; a demand probe warms up for longer (<see cref="DemandProbe.WarmupSeconds"/>).</summary>
    public ProbeTiming Timing => Kind is DemandProbe demand ? Plan.Timing with { WarmupSeconds = demand.WarmupSeconds } : Plan.Timing;
}
