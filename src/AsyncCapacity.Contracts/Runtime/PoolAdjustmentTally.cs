namespace AsyncCapacity.Contracts.Runtime;

/// <summary>
/// Event 55's changes by reason; each starts from the previous change's new goal. One writer (the thread that delivers
/// the events), any number of readers.
/// </summary>
public sealed class PoolAdjustmentTally(int startingGoal)
{
    // One slot per known reason and one for a reason this code does not know (a newer runtime's).
    private static readonly int Slots = PoolAdjustmentReasons.ByValue.Count + 1;
    private readonly long[] _counts = new long[Slots];
    private readonly long[] _added = new long[Slots];
    private readonly long[] _removed = new long[Slots];
    private int _goal = startingGoal;

    public void Record(long reason, int newGoal)
    {
        var slot = reason >= 0 && reason < Slots - 1 ? (int)reason : Slots - 1;
        var change = newGoal - Interlocked.Exchange(ref _goal, newGoal);
        if (change > 0)
        {
            Interlocked.Add(ref _added[slot], change);
        }
        else if (change < 0)
        {
            Interlocked.Add(ref _removed[slot], -change);
        }

        Interlocked.Increment(ref _counts[slot]);
    }

    /// <summary>ThreadPool.SetMinThreads above the goal sets the goal to the new minimum without an adjustment event.</summary>
    public void RaiseGoalTo(int minimum)
    {
        var goal = Volatile.Read(ref _goal);
        while (goal < minimum)
        {
            var seen = Interlocked.CompareExchange(ref _goal, minimum, goal);
            if (seen == goal)
            {
                return;
            }

            goal = seen;
        }
    }

    public IReadOnlyDictionary<string, PoolAdjustmentTotals> Totals()
    {
        var totals = new Dictionary<string, PoolAdjustmentTotals>();
        for (var slot = 0; slot < Slots; slot++)
        {
            var count = Interlocked.Read(ref _counts[slot]);
            if (count > 0)
            {
                totals[PoolAdjustmentReasons.Name(slot)] =
                    new(count, Interlocked.Read(ref _added[slot]), Interlocked.Read(ref _removed[slot]));
            }
        }

        return totals;
    }
}

public sealed record PoolAdjustmentTotals(long Count, long ThreadsAdded, long ThreadsRemoved);
