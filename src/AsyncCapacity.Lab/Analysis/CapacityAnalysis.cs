using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Analysis;

public static class CapacityAnalysis
{
    public static (Capacity? Capacity, NoCapacityReason? NoneBecause) Of(
        IReadOnlyList<StepResult> steps, Sla sla, SearchFinding? finding = null)
    {
        finding ??= Grid(steps, sla);
        if (finding.Capacity is not { } load || load < 1)
        {
            return (null, finding.Estimate is { } below
                ? new(NoCapacityKind.KneeBelowOne) { LowLoad = below.LowLoad, HighLoad = below.HighLoad }
                : finding.NoneBecause ?? new(NoCapacityKind.NoStepMet));
        }

        return (new Capacity(load, Math.Round(RpsAt(steps, load, finding.Estimate is not null), 2))
        {
            Estimate = finding.Estimate,
            // The first load above the capacity that missed: where the card reads why the capacity ran out.
            MissedAt = finding.Estimate is null ? null : steps
                .Where(s => s.Judged && !s.MeetsSla && s.Concurrency > load && s.Saturated != Saturation.LoadGenerator)
                .Select(s => (int?)s.Concurrency).Min(),
            AtLeastBecause = finding.AtLeastBecause,
            Narrowed = finding.Narrowed,
            Strategy = finding.Strategy,
            PredictedKnee = finding.PredictedKnee,
            LoadGeneratorMissedAt = finding.LoadGeneratorMissedAt,
        }, null);
    }

    public static bool Decides(StepResult step, Capacity? capacity) => capacity switch
    {
        { Estimate: { } estimate } => step.Judged && step.Concurrency >= estimate.LowLoad && step.Concurrency <= estimate.HighLoad,
        { } bracket => step.Concurrency == bracket.Concurrency || step.Concurrency == bracket.MissedAt,
        null => false,
    };

    public static IReadOnlyList<ProbeOutcome> Outcomes(IEnumerable<StepResult> steps, Sla sla) => [.. steps.Select(s => Outcome(s, sla))];

    public static ProbeOutcome Outcome(StepResult step, Sla sla) =>
        new(step.Concurrency, step.MeetsSla, step.Pass ?? ProbePass.Coarse, step.Saturated == Saturation.LoadGenerator)
        {
            Judged = step.Judged,
            Requests = step.Requests,
            Seconds = step.DurationSeconds,
            // The p95 decided the verdict when it met, or missed on the p95 alone.
            Margin = step.P95Ms is > 0 and { } p95 && step.Missed.All(m => m == "p95") ? Math.Log(p95 / sla.P95Ms) : null,
            Failed = step.Failed,
        };

    /// <summary>An estimate's load may not have run: interpolated between the loads on either side, each its median run.</summary>
    private static double RpsAt(IReadOnlyList<StepResult> steps, int load, bool estimated)
    {
        var atLoad = steps.Where(s => s.Concurrency == load && (s.MeetsSla || estimated)).Select(s => s.Rps).ToList();
        if (atLoad.Count > 0 || !estimated)
        {
            return atLoad.Count == 0 ? 0 : atLoad.Median();
        }

        var byLoad = steps.GroupBy(s => s.Concurrency).Select(g => (Load: g.Key, Rps: g.Select(s => s.Rps).Median())).ToList();
        var below = byLoad.Where(p => p.Load < load).OrderByDescending(p => p.Load).FirstOrDefault();
        var above = byLoad.Where(p => p.Load > load).OrderBy(p => p.Load).FirstOrDefault();
        return (below.Load, above.Load) switch
        {
            (0, 0) => 0,
            (0, _) => above.Rps * load / above.Load,
            (_, 0) => below.Rps,
            _ => below.Rps + (above.Rps - below.Rps) * (load - below.Load) / (above.Load - below.Load),
        };
    }

    private static SearchFinding Grid(IReadOnlyList<StepResult> steps, Sla sla)
    {
        var outcomes = Outcomes(steps, sla);
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
