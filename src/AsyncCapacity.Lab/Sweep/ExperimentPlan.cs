using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>An experiment as this sweep runs it, resolved once from the options and handed to everything that asks.</summary>
/// <param name="Cap">Where the open files allowed fewer clients than the search's own ceiling; null where they did not bind.</param>
/// <param name="Sustain">Capacity over time (--sustain): the horizon each load is held for and the loads given; null: not measured.
/// </param>
public sealed record ExperimentPlan(
    Experiment Declaration,
    IReadOnlyDictionary<string, string> Parameters,
    ExperimentTerms Terms,
    SearchPolicy Search,
    ProbeTiming Timing,
    LoadCap? Cap = null,
    SustainPlan? Sustain = null)
{
    public string Id => Declaration.Id;

    public Sla Sla => Terms.Sla;

    public IReadOnlyList<int> Steps => Search.Coarse;

    public int MaxProbes => Search.MaxProbes;

    public ProbePlan Recorded => new(Steps, Search.Refine ? Search.MaxSearchProbes : null, MaxProbes) { Cap = Cap };

    public ExperimentRun Run(
        IReadOnlyList<AnalysedStep> steps, IReadOnlyDictionary<string, SearchFinding>? findings = null, string? skippedReason = null) =>
        new(Declaration, Terms, Parameters, steps, skippedReason, findings) { Plan = Recorded };
}

/// <summary>--sustain as one experiment runs it: each held load lasts up to <paramref name="HorizonSeconds"/>.</summary>
/// <param name="Loads">--sustain-at: the loads to hold, in order, instead of the laws' choice; null: the laws choose.</param>
public sealed record SustainPlan(double HorizonSeconds, IReadOnlyList<int>? Loads = null);
