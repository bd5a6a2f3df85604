namespace AsyncCapacity.Lab.Sweep;

/// <summary>How long a probe lasts around its measured window: the warm-up before it, the tail after it (the thread stacks are taken
/// then, the load still on), and starting the app (or the cool-down before a target that keeps running).</summary>
public sealed record ProbeTiming(double WarmupSeconds, double WindowSeconds, double TailSeconds, double StartSeconds)
{
    /// <summary>Past its plan by this much, a probe is stopped: a step k6 ended short of answers, or an app that will not stop, costs a
    /// minute, not the sweep (k6 waits without a deadline for a starved app to close its WebSocket sessions).</summary>
    public static readonly TimeSpan DefaultDeadlineMargin = TimeSpan.FromSeconds(60);

    public TimeSpan DeadlineMargin { get; init; } = DefaultDeadlineMargin;

    /// <summary>The planned length of a probe whose window lasts <paramref name="windowSeconds"/>.</summary>
    public TimeSpan Duration(double windowSeconds) => TimeSpan.FromSeconds(WarmupSeconds + windowSeconds + TailSeconds + StartSeconds);

    public TimeSpan Deadline(double windowSeconds) => Duration(windowSeconds) + DeadlineMargin;
}
