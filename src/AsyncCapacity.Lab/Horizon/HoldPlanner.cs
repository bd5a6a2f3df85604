using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>Which loads to hold, one at a time: a pure function of the holds so far, as the knee's search is.</summary>
/// <param name="Knee">The short probes' capacity; null where no load met the SLA.</param>
/// <param name="BlocksThreads">A variant that holds a pool thread while it waits: its capacity grows with the pool.</param>
/// <param name="PredictedAtHorizon">The load the injection laws say is caught up with by the horizon, where they can time it
/// (cooperative blocking; hill climbing's pace they only bound, so it leaves this null).</param>
/// <param name="Loads">Loads the user named: held as given, in order, instead of the ladder.</param>
public sealed record HoldPlan(
    int? Knee,
    bool BlocksThreads,
    double HorizonSeconds,
    int Ceiling,
    int? PredictedAtHorizon = null,
    IReadOnlyList<int>? Loads = null,
    int MaxHolds = HoldPlan.DefaultMaxHolds)
{
    /// <summary>Three rungs and one between the last caught up and the first still behind: at most four full horizons.</summary>
    public const int DefaultMaxHolds = 4;

    /// <summary>A still-behind load this far above the last caught up leaves the steady state too loosely bracketed.</summary>
    public const double BisectAbove = 1.5;

    /// <summary>The seconds all holds may take together, in horizons: 2 min holds end within 7.5 min, starts aside.</summary>
    public const double BudgetInHorizons = 3.75;
}

public static class HoldPlanner
{
    /// <summary>The next load to hold, or null when the curve is measured. A blocking variant climbs a ladder from twice its knee
    /// toward the load the laws put at the horizon (×2 a rung at least), stops at the first load still behind, and holds one
    /// between it and the last caught up; an awaiting one holds its knee once, to show it meets from the first second.</summary>
    public static int? Next(HoldPlan plan, IReadOnlyList<SustainedHold> done)
    {
        if (done.Count >= plan.MaxHolds
            || done.Sum(h => h.HeldSeconds) + plan.HorizonSeconds > HoldPlan.BudgetInHorizons * plan.HorizonSeconds + 1e-9)
        {
            return null;
        }

        var held = done.Select(h => h.Concurrency).ToHashSet();
        if (plan.Loads is { Count: > 0 } given)
        {
            return given.Where(l => !held.Contains(l)).Select(l => (int?)l).FirstOrDefault();
        }

        var knee = Math.Clamp(plan.Knee ?? 1, 1, plan.Ceiling);
        if (!plan.BlocksThreads)
        {
            return done.Count == 0 ? knee : null;
        }

        foreach (var rung in Ladder(plan, knee))
        {
            if (done.FirstOrDefault(h => h.Concurrency == rung) is { } hold)
            {
                if (hold is { CaughtUp: false, EndedBy: not HoldEnd.Failed })
                {
                    return Between(plan, knee, done, rung, held);
                }

                continue;
            }

            return rung;
        }

        return null;
    }

    /// <summary>The most holds <see cref="Next"/> can ask of a variant and the most seconds they can hold together (each ends at the
    /// horizon at the latest, and none starts that could pass the budget): the worst case a sweep's time counts.</summary>
    public static (int Holds, double Seconds) WorstCase(bool blocksThreads, int? loadsGiven, double horizonSeconds)
    {
        var holds = Math.Min(HoldPlan.DefaultMaxHolds, loadsGiven ?? (blocksThreads ? HoldPlan.DefaultMaxHolds : 1));
        return (holds, Math.Min(holds * horizonSeconds, HoldPlan.BudgetInHorizons * horizonSeconds));
    }

    public static IReadOnlyList<int> Ladder(HoldPlan plan, int knee)
    {
        var first = Math.Min(plan.Ceiling, 2 * knee);
        var ratio = plan.PredictedAtHorizon is { } top && top > 4 * first ? Math.Sqrt(top / (double)first) : 2;
        return [.. new[] { first, first * ratio, first * ratio * ratio }
            .Select(l => (int)Math.Min(plan.Ceiling, Math.Round(l)))
            .Distinct()];
    }

    private static int? Between(HoldPlan plan, int knee, IReadOnlyList<SustainedHold> done, int behind, HashSet<int> held)
    {
        var caught = done.Where(h => h.CaughtUp && h.Concurrency < behind).Select(h => h.Concurrency).DefaultIfEmpty(knee).Max();
        if (behind <= caught * HoldPlan.BisectAbove)
        {
            return null;
        }

        var middle = (int)Math.Round(Math.Sqrt((double)caught * behind));
        return held.Contains(middle) || middle <= caught || middle >= behind ? null : middle;
    }
}
