using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Waits;

/// <summary>What `capacity stacks` takes from a running app (an EventPipe session with the runtime's sample profiler): plain
/// data, so it can be stored beside a step's results and kept as a test fixture. AppNamespaces is null in the lab's own.</summary>
public sealed record StackSnapshot(
    int ProcessId,
    long TakenAtMs,
    double SessionMs,
    double TotalMs,
    IReadOnlyList<ThreadSample> Threads,
    IReadOnlyList<string>? AppNamespaces = null);

/// <summary>Name is the OS thread's (Linux: /proc/PID/task/TID/comm, at most 15 characters); Frames innermost first;
/// InManagedCode false when the thread was waiting in the OS or in native code.</summary>
public sealed record ThreadSample(int ThreadId, string? Name, bool InManagedCode, IReadOnlyList<string> Frames)
{
    public const string PoolWorkerName = ".NET TP Worker";

    [JsonIgnore]
    public bool IsPoolWorker => Name == PoolWorkerName;
}
