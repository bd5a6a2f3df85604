using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>What a probe is for: today a short probe the knee's search asked for; a phase after the search (the horizon's sustained
/// holds) brings kinds of its own, with their own length and rule for ending early.</summary>
public abstract record ProbeKind
{
    /// <summary>Names the kind in the sweep's record, so that a resumed sweep replays a probe only as the kind it ran as.</summary>
    public abstract string Name { get; }
}

/// <summary>A probe of the knee's search: its pass and the reason the search chose its load.</summary>
public sealed record SearchProbe(ProbePass Pass, ProbeReason Why) : ProbeKind
{
    public override string Name => "search";
}

/// <summary>A load held on a cold app up to the sustained horizon (the order's window), read second by second and ended early once
/// caught up for <see cref="HoldTerms.ConfirmSeconds"/>; it answers with a <see cref="SustainedHold"/>, not a step.</summary>
/// <param name="Forecast">What the injection laws predicted for it, kept beside what it measures.</param>
public sealed record HoldProbe(HoldTerms Terms, CatchUpForecast? Forecast) : ProbeKind
{
    public override string Name => "hold";
}
