using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>What a probe is for; a kind may bring its own length and its own rule for ending early.</summary>
public abstract record ProbeKind
{
    /// <summary>A resumed sweep replays a probe only as the kind it ran as.</summary>
    public abstract string Name { get; }

    /// <summary>How the probe's files name its load: "c" for clients ("sleep-sync-c50-r2").</summary>
    public virtual string LoadTag => "c";

    /// <summary>The terms the probe runs under: the plan's, unless the kind has its own.</summary>
    public virtual ExperimentTerms TermsOf(ExperimentPlan plan) => plan.Terms;

    /// <summary>The probe's warm-up and window: the plan's, unless the kind has its own.</summary>
    public virtual ProbeTiming TimingOf(ExperimentPlan plan) => plan.Timing;
}

public sealed record SearchProbe(ProbePass Pass, ProbeReason Why) : ProbeKind
{
    public override string Name => "search";
}

/// <summary>A load held up to --sustain's horizon (the order's window), ended once caught up for
/// <see cref="HoldTerms.ConfirmSeconds"/>; it answers with a <see cref="SustainedHold"/>, not a step.</summary>
public sealed record HoldProbe(HoldTerms Terms, CatchUpForecast? Forecast) : ProbeKind
{
    public override string Name => "hold";
}

/// <summary>A fixed arrival rate well below the app's saturation (--demand), offered in the open model whatever the sweep's, to read
/// the app's CPU per request: <see cref="Fraction"/> of the most the variant could take. It warms up for
/// <see cref="WarmupSeconds"/>, long enough for every client k6 allocates to have connected and the app to have compiled its path:
/// neither is a request's CPU.</summary>
public sealed record DemandProbe(double Fraction, double WarmupSeconds) : ProbeKind
{
    public override string Name => "demand";

    /// <summary>A rate, apart from a search probe of as many clients: "sleep-async-rps500-r1".</summary>
    public override string LoadTag => "rps";

    public override ExperimentTerms TermsOf(ExperimentPlan plan) => plan.Terms with { Model = LoadModel.Open };

    public override ProbeTiming TimingOf(ExperimentPlan plan) => plan.Timing with { WarmupSeconds = WarmupSeconds };
}
