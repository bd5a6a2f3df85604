using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Search;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Report.Analysis;

/// <summary>Without a search, a variant's capacity is read off its grid by the search's own rule.</summary>
public static class CapacityAnalysis
{
    /// <param name="finding">Null for steps without a search (k6 on its own, a run made before the search).</param>
    public static (Capacity? Capacity, string? NoneBecause) Of(IReadOnlyList<StepResult> steps, SearchFinding? finding = null)
    {
        finding ??= Grid(steps);
        if (finding.Capacity is not { } load)
        {
            return (null, finding.NoneBecause ?? "no step met the SLA");
        }

        var runs = steps.Where(s => s.Concurrency == load && s.MeetsSla).Select(s => s.Rps).ToList();
        var rps = runs.Count == 0 ? 0 : runs.Median();
        return (new Capacity(load, Math.Round(rps, 2))
        {
            MissedAt = finding.MissedAt,
            AtLeastBecause = finding.AtLeastBecause,
            Runs = finding.AtCapacity,
            MissedRuns = finding.AtMissed,
            Narrowed = finding.Narrowed,
            Strategy = finding.Strategy,
            PredictedKnee = finding.PredictedKnee,
            LoadGeneratorMissedAt = finding.LoadGeneratorMissedAt,
        }, null);
    }

    /// <summary>The runs at the capacity and at the smallest load that missed above it.</summary>
    public static bool Decides(StepResult step, Capacity? capacity) =>
        capacity is not null && (step.Concurrency == capacity.Concurrency || step.Concurrency == capacity.MissedAt);

    private static SearchFinding Grid(IReadOnlyList<StepResult> steps)
    {
        var outcomes = steps.Select(s => new ProbeOutcome(s.Concurrency, s.MeetsSla)).ToList();
        var policy = new SearchPolicy
        {
            Coarse = [.. outcomes.Select(o => o.Concurrency).Distinct().Order()],
            Refine = false,
            ConsecutiveMissesToStop = int.MaxValue,
        };
        return CapacitySearch.Next(policy, outcomes) is SearchDone done
            ? done.Finding
            : throw new InvalidOperationException("A grid without a search has nothing more to probe.");
    }
}
