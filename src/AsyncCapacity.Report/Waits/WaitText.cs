using System.Globalization;
using System.Text;

namespace AsyncCapacity.Report.Waits;

/// <summary>A <see cref="WaitSummary"/> in words, short type names: "21 of 23 pool threads in Thread.Sleep ← SleepEndpoints.Sync".</summary>
public static class WaitText
{
    public static string Describe(WaitSummary summary)
    {
        var text = new StringBuilder();
        foreach (var group in summary.Groups)
        {
            text.AppendLine(Line(group, summary.PoolThreads));
        }

        if (summary.IdlePoolThreads > 0)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"{Threads(summary.IdlePoolThreads, summary.PoolThreads, "pool")} idle, waiting for work");
        }

        if (summary.PoolThreadsInFramework > 0)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"{Threads(summary.PoolThreadsInFramework, summary.PoolThreads, "pool")} in framework code (no app frame)");
        }

        var others = summary.OtherThreads - summary.Groups.Where(g => !g.Pool).Sum(g => g.Threads);
        if (others > 0)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"{others} other {(others == 1 ? "thread" : "threads")} outside the app's code (the runtime's, Kestrel's, the instrument's sampler)");
        }

        return text.ToString();
    }

    public static string Line(WaitGroup group, int poolThreads)
    {
        var who = group.Pool ? Threads(group.Threads, poolThreads, "pool") : Threads(group.Threads, 0, $"'{group.Family}'");
        var where = (group.Call, group.Waiting) switch
        {
            (null, true) => $"outside managed code ← {MethodName.TypeAndMethod(group.AppFrame)}",
            (null, false) => $"running in {MethodName.TypeAndMethod(group.AppFrame)}",
            (var call, true) => $"in {MethodName.TypeAndMethod(call)} ← {MethodName.TypeAndMethod(group.AppFrame)}",
            (var call, false) => $"running in {MethodName.TypeAndMethod(call)} ← {MethodName.TypeAndMethod(group.AppFrame)}",
        };
        return $"{who} {where}";
    }

    /// <summary>"21 of 23 pool threads", "1 pool thread", "5 'Audit writer' threads".</summary>
    private static string Threads(int count, int of, string kind) =>
        string.Create(CultureInfo.InvariantCulture, $"{count}{(of > count ? $" of {of}" : "")} {kind} {(count == 1 && of <= count ? "thread" : "threads")}");
}
