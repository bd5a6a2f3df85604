using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Formatting;

/// <summary>What the runtime said of a step, composed once for the CLI's progress line and the report's step table.</summary>
public sealed class RuntimeSentenceTests
{
    private static readonly WaitSummary SleepingThreads = new(3, 0, 0, 4,
        [new WaitGroup("Thread.Sleep", Pool: true, "System.Threading.Thread.Sleep",
            "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync", Waiting: true, 2)]);

    public static TheoryData<string, StepResult, string, string> Steps => new()
    {
        { "nothing recorded (k6 on its own)", Step(), "", "" },
        {
            "an unchanged pool goal is said in full only", Step() with { Adjustments = new Dictionary<string, PoolAdjustmentTotals>() },
            "", "pool goal unchanged"
        },
        {
            "k6 out of CPU, the pool's changes and the threads held, in that order",
            Step() with
            {
                Saturated = Saturation.LoadGenerator,
                Adjustments = new Dictionary<string, PoolAdjustmentTotals> { ["Warmup"] = new(3, 1, 2) },
                Waits = SleepingThreads,
            },
            "k6 at its CPUs' limit · pool: Warmup 3 (+1/−2) · 2 of 3 pool threads in Thread.Sleep ← SleepEndpoints.Sync",
            "k6 at its CPUs' limit · pool: Warmup 3 (+1/−2) · 2 of 3 pool threads in Thread.Sleep ← SleepEndpoints.Sync"
        },
        {
            "lock contentions and GC pause in full only",
            Step() with { Saturated = Saturation.App, LockContentions = 1200, GcPauseMs = 35 },
            "the app at its CPUs' limit",
            "the app at its CPUs' limit · 1,200 lock contentions · GC paused 35 ms"
        },
        {
            "no contention and under a millisecond of GC are not worth a clause",
            Step() with { LockContentions = 0, GcPauseMs = 0.4, Waits = SleepingThreads with { Groups = [] } },
            "no thread held in the app's code", "no thread held in the app's code"
        },
    };

    [Theory]
    [MemberData(nameof(Steps))]
    public void The_line_says_the_step_in_brief_and_the_table_in_full(string because, StepResult step, string line, string full)
    {
        // Act
        var brief = RuntimeSentence.Compose(step, RuntimeDetail.Line);
        var whole = RuntimeSentence.Compose(step, RuntimeDetail.Full);

        // Assert
        Assert.True(brief == line, $"{because}: line was '{brief}'");
        Assert.True(whole == full, $"{because}: full was '{whole}'");
        Assert.StartsWith(brief, whole, StringComparison.Ordinal);
    }

    private static StepResult Step() => new()
    {
        Concurrency = 10,
        StartedAt = DateTimeOffset.UnixEpoch,
        MeasuredFrom = DateTimeOffset.UnixEpoch.AddSeconds(2),
        EndedAt = DateTimeOffset.UnixEpoch.AddSeconds(6),
        DurationSeconds = 4,
        Requests = 40,
        Errors = 0,
        ErrorRate = 0,
        Rps = 10,
        MeetsSla = true,
    };
}
