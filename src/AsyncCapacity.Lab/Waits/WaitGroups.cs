namespace AsyncCapacity.Lab.Waits;

/// <summary>
/// Where a snapshot's threads are, said through the app's own code: for each thread, from its innermost frame outwards
/// to the first frame in the app's namespaces (those of its entry assembly, whatever they are called), and the call the
/// app made there (the frame just inside it, e.g. System.Threading.Thread.Sleep). Threads alike are counted together;
/// the thread pool's workers apart from the app's own threads (named by their OS names, digits dropped: "Audit
/// writer"). The app's middleware (a type named *Middleware) is passed over: every request runs through it, so it says
/// nothing of where one waits; a thread whose only app frame is middleware is in framework code (Kestrel writing a
/// response, a handler inlined into ASP.NET Core's generated delegate).
/// </summary>
/// <param name="PoolThreads">Every pool worker in the snapshot.</param>
/// <param name="IdlePoolThreads">Pool workers with no app frame, waiting for work (in the pool's own wait).</param>
/// <param name="PoolThreadsInFramework">Pool workers with no app frame, not idle: Kestrel, sockets, the pool's dispatch.</param>
/// <param name="OtherThreads">Every thread that is not a pool worker (the runtime's, Kestrel's, the app's own).</param>
/// <param name="Groups">Threads with an app frame, the largest group first.</param>
public sealed record WaitSummary(
    int PoolThreads,
    int IdlePoolThreads,
    int PoolThreadsInFramework,
    int OtherThreads,
    IReadOnlyList<WaitGroup> Groups);

/// <summary>
/// Threads at the same place in the app's code. <paramref name="Threads"/> of them, of one kind (<paramref name="Pool"/>
/// workers, or the app's threads of <paramref name="Family"/>), in <paramref name="Call"/> (full name, null when the app's
/// frame is the innermost managed one) called from <paramref name="AppFrame"/> (full name, compiler-generated code read as
/// its method). <paramref name="Waiting"/> when the sampler found them outside managed code, i.e. blocked.
/// <paramref name="Inlined"/>: no app frame was left (the JIT inlined it), so AppFrame is the framework's frame it went into.
/// </summary>
public sealed record WaitGroup(
    string Family, bool Pool, string? Call, string AppFrame, bool Waiting, int Threads, bool Inlined = false);

public static class WaitGroups
{
    /// <summary>The lab app's namespace: the app's frames in a snapshot that does not name its entry assembly's.</summary>
    public const string LabNamespace = "AsyncCapacity.Web";

    /// <summary>The instrument inside the lab's app (its sampler thread, the request timing): not what is measured.</summary>
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

            var key = (Family(thread.Name), isPool, app > 0 ? Called(names[app - 1]) : null, names[app], !thread.InManagedCode, false);
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

    /// <summary>
    /// A frame of the app's own code: in one of its namespaces (or global types, <see cref="MethodName.Scope"/>), but
    /// neither middleware (every request passes through it) nor the lab's instrument.
    /// </summary>
    private static bool IsAppFrame(string name, IReadOnlyList<string> appNamespaces) =>
        appNamespaces.Any(app => name.StartsWith(app + ".", StringComparison.Ordinal))
        && !name.StartsWith(LabInstrument + ".", StringComparison.Ordinal)
        && !name[..Math.Max(0, name.LastIndexOf('.'))].EndsWith("Middleware", StringComparison.Ordinal);

    /// <summary>A pool worker between work items waits in the pool's semaphore, called from its dispatch loop.</summary>
    private static bool IsWaitingForWork(List<string> names) =>
        names.Count > 0 && names.TakeWhile(
            n => !n.StartsWith("System.Threading.PortableThreadPool+WorkerThread.", StringComparison.Ordinal))
            .All(n => n.StartsWith("System.Threading.LowLevel", StringComparison.Ordinal))
        && names.Any(n => n.StartsWith("System.Threading.PortableThreadPool+WorkerThread.", StringComparison.Ordinal));

    /// <summary>
    /// The call as the app wrote it: the JIT inlines small public methods into their callers, so the frame just inside
    /// the app's may be the helper a public method calls (TaskAwaiter.GetResult's, when the Task has not completed).
    /// </summary>
    private static string Called(string frame) => frame switch
    {
        "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification"
            => "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
        "System.Runtime.CompilerServices.TaskAwaiter`1.HandleNonSuccessAndDebuggerNotification"
            => "System.Runtime.CompilerServices.TaskAwaiter`1.GetResult",
        _ => frame,
    };

    /// <summary>"Audit writer 3" → "Audit writer"; a thread the OS gives no name: "(unnamed)".</summary>
    private static string Family(string? name) =>
        string.IsNullOrWhiteSpace(name) ? "(unnamed)"
            : name.TrimEnd().TrimEnd("0123456789".ToCharArray()).TrimEnd() is { Length: > 0 } family ? family : name;
}
