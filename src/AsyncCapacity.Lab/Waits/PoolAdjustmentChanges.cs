namespace AsyncCapacity.Lab.Waits;

/// <summary>
/// What the thread pool did between two samples of one app process, from the totals each sample carries
/// (<see cref="RuntimeSample.Adjustments"/>, lock contentions, GC pause): per reason, the changes to its thread-count
/// goal and the threads they added and removed. For a step: its last sample against the one before it started.
/// </summary>
public static class PoolAdjustmentChanges
{
    /// <summary>
    /// The changes per reason (reasons with none left out); null when either sample has no adjustments (a timeline
    /// written before they were sampled) or when a total went down (not the same process: a restart in between).
    /// </summary>
    public static IReadOnlyDictionary<string, PoolAdjustmentTotals>? Between(RuntimeSample from, RuntimeSample to)
    {
        if (from.Adjustments is null || to.Adjustments is null)
        {
            return null;
        }

        var changes = new Dictionary<string, PoolAdjustmentTotals>();
        foreach (var (reason, after) in to.Adjustments)
        {
            var before = from.Adjustments.GetValueOrDefault(reason) ?? new(0, 0, 0);
            var change = new PoolAdjustmentTotals(
                after.Count - before.Count, after.ThreadsAdded - before.ThreadsAdded, after.ThreadsRemoved - before.ThreadsRemoved);
            if (change.Count < 0 || change.ThreadsAdded < 0 || change.ThreadsRemoved < 0)
            {
                return null;
            }

            if (change.Count > 0)
            {
                changes[reason] = change;
            }
        }

        return from.Adjustments.Keys.All(to.Adjustments.ContainsKey) ? changes : null;
    }

    /// <summary>Lock contentions between the two samples; null when either lacks them or the count went down.</summary>
    public static long? LockContentions(RuntimeSample from, RuntimeSample to) =>
        from.LockContentions is { } before && to.LockContentions is { } after && after >= before ? after - before : null;

    /// <summary>GC pause time between the two samples, in ms; null when either lacks it or it went down.</summary>
    public static double? GcPauseMs(RuntimeSample from, RuntimeSample to) =>
        from.GcPauseMs is { } before && to.GcPauseMs is { } after && after >= before ? Math.Round(after - before, 3) : null;
}
