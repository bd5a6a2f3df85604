using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Search;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Report.Analysis;

/// <summary>A variant's capacity at SLA from its steps and what the search found about them (or, without a search, from its grid).</summary>
public static class CapacityAnalysis
{
    /// <param name="finding">The search's finding; null for steps without one (k6 on its own, a run made before the
    /// search): their capacity is read off the grid by the same rule, the search's without refining.</param>
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
        }, null);
    }

    /// <summary>The steps the capacity was decided by: the runs at the capacity and at the smallest load that missed above it.</summary>
    public static bool Decides(StepResult step, Capacity? capacity) =>
        capacity is not null && (step.Concurrency == capacity.Concurrency || step.Concurrency == capacity.MissedAt);

    /// <summary>The grid's answer: the search's rule over the steps as they are, with nothing more to probe.</summary>
    private static SearchFinding Grid(IReadOnlyList<StepResult> steps)
    {
        var outcomes = steps.Select(s => new ProbeOutcome(s.Concurrency, s.MeetsSla)).ToList();
        var policy = new SearchPolicy { Coarse = [.. outcomes.Select(o => o.Concurrency).Distinct().Order()], Refine = false, ConsecutiveMissesToStop = int.MaxValue };
        return CapacitySearch.Next(policy, outcomes) is SearchDone done
            ? done.Finding
            : throw new InvalidOperationException("A grid without a search has nothing more to probe.");
    }
}
