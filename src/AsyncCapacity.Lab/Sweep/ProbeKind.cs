using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>What a probe is for; a kind may bring its own length and its own rule for ending early.</summary>
public abstract record ProbeKind
{
    /// <summary>A resumed sweep replays a probe only as the kind it ran as.</summary>
    public abstract string Name { get; }
}

public sealed record SearchProbe(ProbePass Pass, ProbeReason Why) : ProbeKind
{
    public override string Name => "search";
}

/// <summary>A load held up to the sustained horizon (the order's window), ended once caught up for
/// <see cref="HoldTerms.ConfirmSeconds"/>; it answers with a <see cref="SustainedHold"/>, not a step.</summary>
public sealed record HoldProbe(HoldTerms Terms, CatchUpForecast? Forecast) : ProbeKind
{
    public override string Name => "hold";
}

/// <summary>A fixed load well below the app's saturation (--demand), to read the app's CPU per request: <see cref="Fraction"/> of the
/// most the variant could take, about <see cref="Rps"/>; in the sweep's own model, as the app's CPU per request depends on how
/// the load arrives.</summary>
public sealed record DemandProbe(double Fraction, double Rps) : ProbeKind
{
    public override string Name => "demand";
}
