namespace AsyncCapacity.Lab.Waits;

/// <summary>Where a snapshot's threads are, said through the app's own code. Middleware is passed over: every request runs
/// through it, so it says nothing of where one waits.</summary>
public sealed record WaitSummary(
    int PoolThreads,
    int IdlePoolThreads,
    int PoolThreadsInFramework,
    int OtherThreads,
    IReadOnlyList<WaitGroup> Groups);

/// <summary>Inlined: no app frame was left (the JIT inlined it), so AppFrame is the framework's frame it went into.</summary>
public sealed record WaitGroup(
    string Family, bool Pool, string? Call, string AppFrame, bool Waiting, int Threads, bool Inlined = false);

public static class WaitGroups
{
    public const string LabNamespace = "AsyncCapacity.Web";

    private const string LabInstrument = "AsyncCapacity.Web.Diagnostics";

    public static WaitSummary Of(StackSnapshot snapshot)
    {
        var appNamespaces = snapshot.AppNamespaces ?? [LabNamespace];
        var groups = new Dictionary<(string Family, bool Pool, string? Call, string AppFrame, bool Waiting, bool Inlined), int>();
        int pool = 0, idle = 0, inFramework = 0, other = 0;
        foreach (var thread in snapshot.Threads)
        {
            var isPool = thread.IsPoolWorker;
            if (isPool)
            {
                pool++;
            }
            else
            {
                other++;
            }

            var names = thread.Frames.Select(MethodName.Full).ToList();
            // The entry point holds the main thread for the app's life: it is where the app starts, not where it waits.
            var app = names.FindIndex(name => IsAppFrame(name, appNamespaces));
            if (app >= 0 && EntryPoints.IsEntryPoint(thread.Frames[app]))
            {
                app = -1;
            }
            if (app < 0)
            {
                if (isPool && IsWaitingForWork(names))
                {
                    idle++;
                }
                else if (isPool && !thread.InManagedCode && InlinedHandlers.BlockedIn(names) is var (call, into))
                {
                    var inlined = (Family(thread.Name), isPool, (string?)Called(call), into, true, true);
                    groups[inlined] = groups.GetValueOrDefault(inlined) + 1;
                }
                else if (isPool)
                {
                    inFramework++;
                }

                continue;
            }

            var calledFromApp = app > 0 ? Called(names[app - 1]) : null;
            var key = (Family(thread.Name), isPool, calledFromApp, names[app], !thread.InManagedCode && !RunsContinuations(calledFromApp),
                false);
            groups[key] = groups.GetValueOrDefault(key) + 1;
        }

        return new WaitSummary(pool, idle, inFramework, other,
        [
            .. groups
                .Select(g => new WaitGroup(g.Key.Family, g.Key.Pool, g.Key.Call, g.Key.AppFrame, g.Key.Waiting, g.Value, g.Key.Inlined))
                .OrderByDescending(g => g.Threads)
                .ThenBy(g => g.AppFrame, StringComparer.Ordinal).ThenBy(g => g.Call, StringComparer.Ordinal),
        ]);
    }

    private static bool IsAppFrame(string name, IReadOnlyList<string> appNamespaces) =>
        appNamespaces.Any(app => name.StartsWith(app + ".", StringComparison.Ordinal))
        && !name.StartsWith(LabInstrument + ".", StringComparison.Ordinal)
        && !name[..Math.Max(0, name.LastIndexOf('.'))].EndsWith("Middleware", StringComparison.Ordinal);

    private static bool IsWaitingForWork(List<string> names) =>
        names.Count > 0 && names.TakeWhile(
            n => !n.StartsWith("System.Threading.PortableThreadPool+WorkerThread.", StringComparison.Ordinal))
            .All(n => n.StartsWith("System.Threading.LowLevel", StringComparison.Ordinal))
        && names.Any(n => n.StartsWith("System.Threading.PortableThreadPool+WorkerThread.", StringComparison.Ordinal));

    /// <summary>A thread in the pool's dispatch of a task's continuations is running the app's code, not waiting in it, even when
    /// the snapshot catches it outside managed code (suspended for a GC, or in an allocation's helper).</summary>
    private static bool RunsContinuations(string? call) => call == "System.Threading.Tasks.Task.RunContinuations";

    /// <summary>The JIT inlines small public methods: the frame just inside the app's may be the helper one calls.</summary>
    private static string Called(string frame) => frame switch
    {
        "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification"
            => "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
        "System.Runtime.CompilerServices.TaskAwaiter`1.HandleNonSuccessAndDebuggerNotification"
            => "System.Runtime.CompilerServices.TaskAwaiter`1.GetResult",
        _ => frame,
    };

    private static string Family(string? name) =>
        string.IsNullOrWhiteSpace(name) ? "(unnamed)"
            : name.TrimEnd().TrimEnd("0123456789".ToCharArray()).TrimEnd() is { Length: > 0 } family ? family : name;
}
