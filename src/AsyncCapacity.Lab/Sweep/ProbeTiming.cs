namespace AsyncCapacity.Lab.Sweep;

/// <summary>The tail is when the thread stacks are taken, the load still on; the start is the app's (or a target's cool-down).</summary>
public sealed record ProbeTiming(double WarmupSeconds, double WindowSeconds, double TailSeconds, double StartSeconds)
{
    /// <summary>Past its plan by this much, a probe is stopped: a step k6 ended short of answers, or an app that will not stop, costs a
    /// minute, not the sweep (k6 waits without a deadline for a starved app to close its WebSocket sessions).</summary>
    public static readonly TimeSpan DefaultDeadlineMargin = TimeSpan.FromSeconds(60);

    public TimeSpan DeadlineMargin { get; init; } = DefaultDeadlineMargin;

    public TimeSpan Duration(double windowSeconds) => TimeSpan.FromSeconds(WarmupSeconds + windowSeconds + TailSeconds + StartSeconds);

    public TimeSpan Deadline(double windowSeconds) => Duration(windowSeconds) + DeadlineMargin;
}
