using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Waits;

/// <summary>
/// Where every managed thread of a process was at one moment: what `capacity stacks` takes from a running app (an
/// EventPipe session with the runtime's sample profiler) and what <c>WaitGroups</c> groups. Plain data, so that it
/// can be stored beside a step's results and kept as a test fixture.
/// </summary>
/// <param name="TakenAtMs">When the stacks were sampled, Unix ms.</param>
/// <param name="SessionMs">How long the EventPipe session ran in the app (start to stop, rundown included).</param>
/// <param name="TotalMs">How long the whole snapshot took, reading the trace and resolving frames included.</param>
/// <param name="AppNamespaces">The namespaces of the frames from the app's entry assembly (for global types their type); null
/// when no entry point was seen (snapshots taken before they were recorded: the lab's app).</param>
public sealed record StackSnapshot(
    int ProcessId,
    long TakenAtMs,
    double SessionMs,
    double TotalMs,
    IReadOnlyList<ThreadSample> Threads,
    IReadOnlyList<string>? AppNamespaces = null);

/// <summary>
/// One managed thread. <paramref name="Name"/> is the OS thread's name (Linux: /proc/PID/task/TID/comm, at most 15
/// characters: ".NET TP Worker" for pool workers, "Audit writer 3" for the app's own), null where the OS gives none.
/// <paramref name="Frames"/> are its managed frames, innermost first, each "Namespace.Type.Method" (nested types joined
/// with '+', no argument list). <paramref name="InManagedCode"/> is the sampler's word: true when the thread was running
/// managed code, false when it was outside it (waiting in the OS, or in native code).
/// </summary>
public sealed record ThreadSample(int ThreadId, string? Name, bool InManagedCode, IReadOnlyList<string> Frames)
{
    /// <summary>The name the runtime gives its pool's worker threads (truncated to the OS's 15 characters on Linux).</summary>
    public const string PoolWorkerName = ".NET TP Worker";

    [JsonIgnore]
    public bool IsPoolWorker => Name == PoolWorkerName;
}
