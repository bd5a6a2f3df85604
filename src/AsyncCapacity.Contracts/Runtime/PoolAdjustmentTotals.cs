namespace AsyncCapacity.Contracts.Runtime;

/// <summary>
/// The thread pool's changes to its thread-count goal for one reason, since the app started: how many changes it made
/// and how many threads they added to the goal and took off it in all (both counted as positive numbers). Read from
/// event 55 (ThreadPoolWorkerThreadAdjustment/Adjustment) of the runtime's "Microsoft-Windows-DotNETRuntime" provider.
/// </summary>
public sealed record PoolAdjustmentTotals(long Count, long ThreadsAdded, long ThreadsRemoved);

/// <summary>
/// The reasons the thread pool gives for changing its goal (the Reason field of event 55), as the runtime names them in
/// dotnet/runtime src/libraries/System.Private.CoreLib/src/System/Diagnostics/Tracing/NativeRuntimeEventSource.Threading.cs
/// (ThreadAdjustmentReasonMap). They key <see cref="RuntimeSample.Adjustments"/>.
/// </summary>
public static class PoolAdjustmentReasons
{
    public const string Warmup = "Warmup";
    public const string Initializing = "Initializing";
    public const string RandomMove = "RandomMove";
    public const string ClimbingMove = "ClimbingMove";
    public const string ChangePoint = "ChangePoint";
    public const string Stabilizing = "Stabilizing";
    public const string Starvation = "Starvation";
    public const string ThreadTimedOut = "ThreadTimedOut";
    public const string CooperativeBlocking = "CooperativeBlocking";

    /// <summary>A reason this list does not know yet (a newer runtime's).</summary>
    public const string Unknown = "Unknown";

    /// <summary>The names in the order of their values (0 Warmup … 8 CooperativeBlocking).</summary>
    public static IReadOnlyList<string> ByValue { get; } =
        [Warmup, Initializing, RandomMove, ClimbingMove, ChangePoint, Stabilizing, Starvation, ThreadTimedOut, CooperativeBlocking];

    /// <summary>The name of a Reason value; <see cref="Unknown"/> past the known ones.</summary>
    public static string Name(long value) => value >= 0 && value < ByValue.Count ? ByValue[(int)value] : Unknown;
}
