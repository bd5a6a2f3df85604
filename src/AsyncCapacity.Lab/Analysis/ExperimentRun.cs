using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Analysis;

/// <param name="Findings">By variant; without one, the capacity is read off the steps as a grid.</param>
public sealed record ExperimentRun(
    Experiment Declaration,
    ExperimentTerms Terms,
    IReadOnlyDictionary<string, string> Parameters,
    IReadOnlyList<AnalysedStep> Steps,
    string? SkippedReason = null,
    IReadOnlyDictionary<string, SearchFinding>? Findings = null)
{
    public ProbePlan? Plan { get; init; }
}
