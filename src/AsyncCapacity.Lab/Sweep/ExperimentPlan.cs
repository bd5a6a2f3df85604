using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>An experiment as this sweep runs it, resolved once from the options and handed to everything that asks.</summary>
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

    public ProbePlan Recorded => new(Steps, Search.Refine ? Search.MaxSearchProbes : null, MaxProbes) { Cap = Cap };

    public ExperimentRun Run(
        IReadOnlyList<AnalysedStep> steps, IReadOnlyDictionary<string, SearchFinding>? findings = null, string? skippedReason = null) =>
        new(Declaration, Terms, Parameters, steps, skippedReason, findings) { Plan = Recorded };
}
