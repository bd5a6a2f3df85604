using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>An experiment as this sweep runs it, resolved once from the options and handed to everything that asks: the declaration
/// with what it plots, its parameters, its terms (the one SLA its probes are judged by), its search and a probe's timing.</summary>
/// <param name="Cap">Where the open files allowed fewer clients than the search's own ceiling; null where they did not bind.</param>
public sealed record ExperimentPlan(
    Experiment Declaration,
    IReadOnlyDictionary<string, string> Parameters,
    ExperimentTerms Terms,
    SearchPolicy Search,
    ProbeTiming Timing,
    LoadCap? Cap = null)
{
    public string Id => Declaration.Id;

    public Sla Sla => Terms.Sla;

    public IReadOnlyList<int> Steps => Search.Coarse;

    public int MaxProbes => Search.MaxProbes;

    /// <summary>What results.json keeps of the plan.</summary>
    public ProbePlan Recorded => new(Steps, Search.Refine ? Search.MaxSearchProbes : null, MaxProbes) { Cap = Cap };

    /// <summary>The probes so far (and each variant's finding, once found) as the results' builder reads them.</summary>
    public ExperimentRun Run(
        IReadOnlyList<AnalysedStep> steps, IReadOnlyDictionary<string, SearchFinding>? findings = null, string? skippedReason = null) =>
        new(Declaration, Terms, Parameters, steps, skippedReason, findings) { Plan = Recorded };
}
