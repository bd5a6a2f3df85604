using System.Globalization;
using System.Text;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Report.Formatting;

/// <summary>A <see cref="WaitSummary"/> in words,
/// short type names: "21 of 23 pool threads in Thread.Sleep ← SleepEndpoints.Sync".</summary>
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
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{Threads(summary.IdlePoolThreads, summary.PoolThreads, "pool")} idle, waiting for work");
        }

        if (summary.PoolThreadsInFramework > 0)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{Threads(summary.PoolThreadsInFramework, summary.PoolThreads, "pool")} in framework code (no app frame)");
        }

        var others = summary.OtherThreads - summary.Groups.Where(g => !g.Pool).Sum(g => g.Threads);
        if (others > 0)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"{others} other {(others == 1 ? "thread" : "threads")} "
                + $"outside the app's code (the runtime's, Kestrel's, the instrument's sampler)");
        }

        return text.ToString();
    }

    /// <summary>
    /// The step's one line: the largest group of threads held in the app's code, or "no thread held in the app's code".
    /// The app's own workers waiting in a queue for their next item (the audit log's writers between entries: they live in
    /// every experiment's app) are idle, as a pool thread in the pool's own wait is, so they are not what holds a step.
    /// </summary>
    public static string Headline(WaitSummary summary, string? serving = null) =>
        summary.Groups.FirstOrDefault(g => !IsIdleWorker(g)) is { } held
            ? Line(held, summary.PoolThreads, serving) : "no thread held in the app's code";

    /// <summary>The groups worth naming, largest first: every group but idle workers.</summary>
    public static IEnumerable<WaitGroup> Held(WaitSummary summary) => summary.Groups.Where(g => !IsIdleWorker(g));

    /// <summary>An app thread (not the pool's) blocked taking its next item from a queue: waiting for work, not at work.</summary>
    public static bool IsIdleWorker(WaitGroup group) =>
        !group.Pool && group.Waiting && group.Call is { } call && QueueTakes.Contains(call);

    private static readonly HashSet<string> QueueTakes = new(StringComparer.Ordinal)
    {
        "System.Collections.Concurrent.BlockingCollection.GetConsumingEnumerable",
        "System.Collections.Concurrent.BlockingCollection.Take",
        "System.Collections.Concurrent.BlockingCollection.TryTake",
    };

    /// <summary><paramref name="serving"/>: the request the probe was loading ("GET /stock/1"), named when the JIT
    /// inlined the app's frames away.</summary>
    public static string Line(WaitGroup group, int poolThreads, string? serving = null)
    {
        var who = group.Pool ? Threads(group.Threads, poolThreads, "pool") : Threads(group.Threads, 0, $"'{group.Family}'");
        if (group.Inlined)
        {
            var route = serving is null ? "" : $" while serving {serving}";
            return $"{who} blocked in {MethodName.TypeAndMethod(group.Call!)}{route}; "
                + $"the app's frames were inlined by the JIT into {MethodName.TypeAndMethod(group.AppFrame)}";
        }

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
        string.Create(CultureInfo.InvariantCulture,
            $"{count}{(of > count ? $" of {of}" : "")} {kind} {(count == 1 && of <= count ? "thread" : "threads")}");
}
