using System.Globalization;

namespace AsyncCapacity.Report.Formatting;

/// <summary>The pool's changes to its thread-count goal, per reason, as the report and the CLI print them.</summary>
public static class PoolChangesText
{
    /// <summary>"Starvation 4 (+4), CooperativeBlocking 841 (+735/−735)", in the runtime's order of reasons; "none".</summary>
    public static string Of(IReadOnlyDictionary<string, PoolAdjustmentTotals> changes)
    {
        var parts = changes
            .OrderBy(c => Order(c.Key))
            .Select(c => string.Create(CultureInfo.InvariantCulture,
                $"{c.Key} {c.Value.Count} ({Moved(c.Value)})"));
        return changes.Count == 0 ? "none" : string.Join(", ", parts);
    }

    private static int Order(string reason)
    {
        for (var i = 0; i < PoolAdjustmentReasons.ByValue.Count; i++)
        {
            if (PoolAdjustmentReasons.ByValue[i] == reason)
            {
                return i;
            }
        }

        return int.MaxValue;
    }

    private static string Moved(PoolAdjustmentTotals change) => (change.ThreadsAdded, change.ThreadsRemoved) switch
    {
        (0, 0) => "±0",
        (var added, 0) => $"+{added}",
        (0, var removed) => $"−{removed}",
        var (added, removed) => $"+{added}/−{removed}",
    };
}
