using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>A phase the loop runs after a variant's search has its finding (the horizon's sustained holds): asked for one probe at a
/// time until it has none, each run through the same port, recorded and replayed like the search's.</summary>
public interface IVariantPhase
{
    /// <summary>Names the phase in the sweep's record.</summary>
    string Name { get; }

    /// <summary>The next probe, or null when the phase is done.</summary>
    ProbeOrder? NextOrder(PhaseState state);

    /// <summary>What the phase's probes (<see cref="PhaseState.Done"/>, so far if the sweep was stopped) add to the variant's
    /// result.</summary>
    VariantResult Complete(VariantResult variant, PhaseState state) => variant;
}

/// <param name="Search">The variant's search probes, in order.</param>
/// <param name="Done">This phase's probes so far, in order.</param>
/// <param name="Number">The place among the variant's probes the next one takes.</param>
public sealed record PhaseState(
    ExperimentPlan Plan, string Variant, SearchFinding Finding, IReadOnlyList<ProbeAnswer> Search, IReadOnlyList<ProbeAnswer> Done,
    RunInfo Run, int Number);
