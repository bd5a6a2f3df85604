namespace AsyncCapacity.Lab.Waits;

/// <summary>What the thread pool did between two samples of one app process, from the totals each sample carries.</summary>
public static class PoolAdjustmentChanges
{
    /// <summary>Null when a total went down: not the same process, a restart in between.</summary>
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

    public static long? LockContentions(RuntimeSample from, RuntimeSample to) =>
        from.LockContentions is { } before && to.LockContentions is { } after && after >= before ? after - before : null;

    public static double? GcPauseMs(RuntimeSample from, RuntimeSample to) =>
        from.GcPauseMs is { } before && to.GcPauseMs is { } after && after >= before ? Math.Round(after - before, 3) : null;
}
