using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>A phase after a variant's search (the horizon's holds): its probes go through the same port, recorded and replayed like
/// the search's.</summary>
public interface IVariantPhase
{
    string Name { get; }

    ProbeOrder? NextOrder(PhaseState state);

    /// <summary>Also called for a phase the sweep stopped within, with its probes so far.</summary>
    VariantResult Complete(VariantResult variant, PhaseState state) => variant;
}

/// <param name="Number">The place among the variant's probes the next one takes.</param>
public sealed record PhaseState(
    ExperimentPlan Plan, string Variant, SearchFinding Finding, IReadOnlyList<ProbeAnswer> Search, IReadOnlyList<ProbeAnswer> Done,
    RunInfo Run, int Number);
