namespace AsyncCapacity.Contracts.Runtime;

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

    public const string Unknown = "Unknown";

    public static IReadOnlyList<string> ByValue { get; } =
        [Warmup, Initializing, RandomMove, ClimbingMove, ChangePoint, Stabilizing, Starvation, ThreadTimedOut, CooperativeBlocking];

    /// <summary>As against starvation and cooperative blocking (PortableThreadPool.HillClimbing.cs).</summary>
    public static bool IsHillClimbing(string reason) =>
        reason is Warmup or Initializing or RandomMove or ClimbingMove or ChangePoint or Stabilizing;

    public static string Name(long value) => value >= 0 && value < ByValue.Count ? ByValue[(int)value] : Unknown;
}
