using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Web;

/// <summary>
/// Why the pool grew, as the app's own samples say it (/diag/runtime): each blocking variant in a fresh app process (a
/// thread pool no other test has grown) under a few seconds of a few dozen clients.
/// </summary>
public sealed class ThreadPoolAdjustmentTests(ITestOutputHelper log)
{
    private static readonly Dictionary<string, string> FastSampler = new() { ["Diagnostics__SampleIntervalMs"] = "100" };
    private static readonly TimeSpan LoadFor = TimeSpan.FromSeconds(4);

    [Fact]
    public async Task Blocking_on_a_Task_with_GetResult_grows_the_pool_by_cooperative_blocking()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log, FastSampler);
        var before = (await app.RuntimeAsync()).Now;

        // Act: 30 WebSocket clients on the echo whose loop blocks on ReceiveAsync(...).GetAwaiter().GetResult()
        var echoed = await ClosedLoad.EchoAsync(app.WebSocket("/websocket/sync"), clients: 30, LoadFor);
        var timeline = await TimelineAfterAsync(app, before);

        // Assert: threads were added for that reason, and the samples carry the runtime's other totals too
        var blocking = Change(before, timeline[^1], PoolAdjustmentReasons.CooperativeBlocking);
        log.WriteLine($"{echoed} echoes; CooperativeBlocking {blocking}; all: {Describe(before, timeline[^1])}");
        Assert.True(blocking.ThreadsAdded >= 10,
            $"30 clients blocked on GetResult should add threads by cooperative blocking; got {blocking}");
        Assert.All(timeline, sample => Assert.NotNull(sample.Adjustments));
        Assert.NotNull(timeline[^1].LockContentions);
        Assert.InRange(timeline[^1].GcPauseMs!.Value, 0, double.MaxValue);
    }

    [Fact]
    public async Task Thread_Sleep_grows_the_pool_by_starvation_and_never_by_cooperative_blocking()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log, FastSampler);
        var before = (await app.RuntimeAsync()).Now;

        // Act: 30 clients on the handler that holds its thread in Thread.Sleep(2000). (With 500 ms sleeps the pool's few
        // threads finish one often enough that its starvation check, no dequeue for 500 ms, is never met: no change at all.)
        var answered = await ClosedLoad.HttpAsync(new Uri(app.BaseAddress, "/sleep/sync?ms=2000"), clients: 30, LoadFor);
        var timeline = await TimelineAfterAsync(app, before);

        // Assert
        var starvation = Change(before, timeline[^1], PoolAdjustmentReasons.Starvation);
        var blocking = Change(before, timeline[^1], PoolAdjustmentReasons.CooperativeBlocking);
        log.WriteLine($"{answered} answered; all: {Describe(before, timeline[^1])}");
        Assert.True(starvation.ThreadsAdded >= 1,
            $"a pool starved by Thread.Sleep should be given threads by starvation; got {starvation}");
        Assert.Equal(new PoolAdjustmentTotals(0, 0, 0), blocking);
    }

    /// <summary>The timeline from the reading before the load to a sample taken after it (the sampler runs at 10 Hz).</summary>
    private static async Task<IReadOnlyList<RuntimeSample>> TimelineAfterAsync(AppUnderLoad app, RuntimeSample before)
    {
        var loadEnded = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        while (true)
        {
            var timeline = (await app.RuntimeAsync(before.TimestampMs)).Timeline;
            if (timeline.Count > 0 && timeline[^1].TimestampMs > loadEnded)
            {
                return timeline;
            }

            await Task.Delay(100);
        }
    }

    private static PoolAdjustmentTotals Change(RuntimeSample before, RuntimeSample after, string reason) =>
        PoolAdjustmentChanges.Between(before, after)!.GetValueOrDefault(reason) ?? new(0, 0, 0);

    private static string Describe(RuntimeSample before, RuntimeSample after) =>
        $"{PoolChangesText.Of(PoolAdjustmentChanges.Between(before, after)!)}"
            + $"; threads {before.ThreadCount}→{after.ThreadCount}";
}
