namespace AsyncCapacity.Contracts.Runtime;

/// <summary>
/// The pool's changes to its thread-count goal so far, by reason (event 55's Reason and NewWorkerThreadCount): how many,
/// and how far each moved the goal, the previous change's new goal being where the next starts. Safe for one writer (the
/// thread that delivers the events) and any number of readers; the in-process listener and the EventPipe reader share it.
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

    /// <summary>The changes so far, by reason name (only reasons seen), as each runtime sample carries them.</summary>
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
