using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>Capacity against time under load: a load caught up with at T serves its clients within the SLA from T on, and a
/// lighter load is caught up with no later (the pool it needs is smaller), so capacity(t) is the largest load caught up by t.
/// The short probes give its first point, at their horizon; each held load one more.</summary>
public static class CapacityCurve
{
    /// <summary>What a load showed: caught up at a second, or still behind after holding so long.</summary>
    public sealed record Point(int Load, double? CaughtUpAt, double HeldSeconds);

    public static IReadOnlyList<CapacityAt> Of(Capacity? knee, double kneeHorizon, IReadOnlyList<Point> holds, IEnumerable<double> at) =>
        [.. at.Order().Select(t => At(knee, kneeHorizon, holds, t)).OfType<CapacityAt>()];

    public static IReadOnlyList<Point> Points(IEnumerable<SustainedHold> holds) =>
        [.. holds.Where(h => h.EndedBy != HoldEnd.Failed).Select(h => new Point(h.Concurrency, h.CaughtUpAt, h.HeldSeconds))];

    /// <summary>Null before the earliest time anything was judged.</summary>
    public static CapacityAt? At(Capacity? knee, double kneeHorizon, IReadOnlyList<Point> holds, double t)
    {
        var caught = holds.Where(h => h.CaughtUpAt <= t).ToList();
        var behind = holds.Where(h => h.CaughtUpAt is null ? h.HeldSeconds >= t : h.CaughtUpAt > t).ToList();
        var kneeJudged = knee is not null && t >= kneeHorizon;
        if (caught.Count == 0 && !kneeJudged)
        {
            return null;
        }

        // The lower end: the heaviest load caught up by t, or the knee's 90% low end once its horizon has passed.
        var heaviest = caught.MaxBy(h => h.Load);
        var (low, lowAt) = heaviest is null ? (0, 0.0) : (heaviest.Load, heaviest.CaughtUpAt!.Value);
        if (kneeJudged && KneeLow(knee!) > low)
        {
            (low, lowAt) = (KneeLow(knee!), kneeHorizon);
        }

        int? high = behind.Count > 0 ? behind.Min(h => h.Load) - 1 : null;
        // Until a held load catches up past the knee's horizon, the probes' estimate stands, and its interval with it.
        var probes = kneeJudged && !caught.Any(h => h.CaughtUpAt > kneeHorizon && h.Load > KneeLow(knee!));
        if (probes && KneeHigh(knee!) is { } kneeHigh)
        {
            high = Math.Min(high ?? int.MaxValue, kneeHigh);
        }

        if (high < low)
        {
            // A heavier load caught up before a lighter one did: launches differ, and the bracket keeps both ends.
            (low, high) = (high.Value, low);
        }

        var estimate = probes
            ? Math.Clamp(knee!.Concurrency, low, high ?? int.MaxValue)
            : Interpolate(holds, low, lowAt, high, t);
        return new CapacityAt(t, estimate, low, high, probes ? CurveSource.Probes : CurveSource.Holds);
    }

    /// <summary>Between the heaviest load caught up by t and the lightest caught up later, in proportion to the time.</summary>
    private static int Interpolate(IReadOnlyList<Point> holds, int lowLoad, double lowAt, int? high, double t)
    {
        var next = holds.Where(h => h.Load > lowLoad && h.CaughtUpAt > t).MinBy(h => h.Load);
        if (next is null || high is null)
        {
            return lowLoad;
        }

        var share = (t - lowAt) / (next.CaughtUpAt!.Value - lowAt);
        return Math.Clamp((int)Math.Floor(lowLoad + (share * (next.Load - lowLoad))), lowLoad, high.Value);
    }

    private static int KneeLow(Capacity knee) => knee.Estimate?.LowLoad ?? knee.Concurrency;

    /// <summary>Null for a lower bound: the probes never found where it ends.</summary>
    private static int? KneeHigh(Capacity knee) => knee.AtLeastBecause is null ? knee.Estimate?.HighLoad ?? knee.Concurrency : null;
}
