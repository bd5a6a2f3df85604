namespace AsyncCapacity.Lab.Laws;

/// <summary>How fast hill climbing can move the pool (dotnet/runtime, src/libraries/System.Private.CoreLib/src/System/
/// Threading/PortableThreadPool.HillClimbing.cs, v10.0.0): a move is at most MaxChangePerSecond × the sample's seconds, capped
/// at MaxChangePerSample, so over time it adds at most 4 threads a second. Whether it moves at all depends on the throughput it
/// measures as the thread count waves (its samples wait for (threads − 1) ÷ completions below 15%, and every work item of the
/// app counts, not only the blocked ones): the laws bound it, they cannot time it.</summary>
public static class HillClimbing
{
    public const int MaxChangePerSecond = 4;

    public const int MaxChangePerSample = 20;

    /// <summary>The most threads hill climbing can have added after so long, from <paramref name="threads"/>.</summary>
    public static int MostThreads(int threads, double seconds) => threads + (int)Math.Floor(MaxChangePerSecond * Math.Max(0, seconds));
}
