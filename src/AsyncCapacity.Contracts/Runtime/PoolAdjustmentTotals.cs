namespace AsyncCapacity.Contracts.Runtime;

/// <summary>Totals since the app started, both positive, from event 55 (ThreadPoolWorkerThreadAdjustment/Adjustment).</summary>
public sealed record PoolAdjustmentTotals(long Count, long ThreadsAdded, long ThreadsRemoved);

/// <summary>As dotnet/runtime's NativeRuntimeEventSource.Threading.cs names them (ThreadAdjustmentReasonMap).</summary>
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

    /// <summary>In the order of their values (0 Warmup … 8 CooperativeBlocking).</summary>
    public static IReadOnlyList<string> ByValue { get; } =
        [Warmup, Initializing, RandomMove, ClimbingMove, ChangePoint, Stabilizing, Starvation, ThreadTimedOut, CooperativeBlocking];

    /// <summary>The moves of hill climbing (PortableThreadPool.HillClimbing.cs), as against starvation and cooperative blocking.</summary>
    public static bool IsHillClimbing(string reason) =>
        reason is Warmup or Initializing or RandomMove or ClimbingMove or ChangePoint or Stabilizing;

    public static string Name(long value) => value >= 0 && value < ByValue.Count ? ByValue[(int)value] : Unknown;
}
