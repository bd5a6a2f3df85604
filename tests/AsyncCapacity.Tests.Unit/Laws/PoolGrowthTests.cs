using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Laws;

/// <summary>The pool's growth as a law, against the runtime's own rates and against what the lab's probes recorded.</summary>
public sealed class PoolGrowthTests
{
    [Theory]
    [InlineData(2, 2, 0, 4)] // ProcessorCount threads above the minimum at once
    [InlineData(2, 2, 0.025, 5)] // then 25 ms per thread for the first ProcessorCount
    [InlineData(2, 2, 2.0, 20)]
    [InlineData(2, 2, 2.25, 22)] // 25 ms more per 2 threads, up to 250 ms: 22 threads after 2.25 s
    [InlineData(2, 2, 3.0, 25)] // then 4 a second
    [InlineData(2, 2, 10.0, 53)]
    [InlineData(2, 2, 22.0, 101)] // about 100 threads in 22 s on 2 cores
    [InlineData(4, 4, 0, 8)]
    [InlineData(2, 50, 0, 52)] // --min-threads 50: the burst starts above the minimum
    public void Cooperative_blocking_adds_threads_at_once_then_with_growing_delays(
        int processors, int minThreads, double seconds, int threads)
    {
        // Act & Assert
        Assert.Equal(threads, PoolGrowth.CooperativeBlockingThreads(processors, minThreads, seconds));
    }

    [Theory]
    [InlineData(2, 0.5, 10, false, 2)] // sleep sync: a thread frees every 250 ms, never 500 ms without a dequeue
    [InlineData(2, 0.05, 10, false, 2)] // db sync: no starvation (its growth is hill climbing)
    [InlineData(2, 2.0, 10, false, 4)] // connections sync: grows until a thread frees every 500 ms
    [InlineData(2, 2.0, 0.5, false, 3)] // one thread per gate check
    [InlineData(2, 2.0, 10, true, 2)] // a busy CPU waits goal × 1 s
    [InlineData(2, double.PositiveInfinity, 10, false, 22)] // threads held for good: one per check, 2 a second
    public void Starvation_adds_one_thread_per_gate_check_while_no_work_item_was_taken_for_longer_than_its_threshold(
        int minThreads, double holdSeconds, double seconds, bool cpuBusy, int threads)
    {
        // Act & Assert
        Assert.Equal(threads, PoolGrowth.StarvationThreads(minThreads, holdSeconds, seconds, cpuBusy));
    }

    [Theory]
    [InlineData(PoolInjection.Starvation, 2.0, 2.5, 2.0, 4, 5)] // connections sync (measured 5)
    [InlineData(PoolInjection.Starvation, 0.501, 1.0, 0.501, 2, 3)] // sleep sync, as the static bound (measured 2)
    [InlineData(PoolInjection.CooperativeBlocking, null, 0.1, 0.001, 25, 53)] // websocket sync, a thread per session (measured 50)
    public void The_grown_pool_allows_from_its_threads_as_the_window_starts_to_those_as_it_ends(
        PoolInjection by, double? holdSeconds, double slaSeconds, double r0Seconds, int low, int high)
    {
        // Act: the standard profile's probe, 3 s warm-up then 7 s measured, on 2 cores with the pool's minimum of 2
        var bound = PoolGrowth.Predict(by, 2, 2, holdSeconds, 3, 7, slaSeconds, r0Seconds);

        // Assert
        Assert.Equal((low, high), (bound.Low, bound.High));
        Assert.True(bound.HillClimbingCeiling >= bound.ThreadsAtWindowEnd + 40, $"{bound}");
    }

    [Fact]
    public void The_law_meets_the_threads_the_blocked_echo_grew_in_the_labs_own_probe()
    {
        // Arrange: websocket sync at 100 clients (2 cores, minimum 2, 2 s warm-up + 6 s): more sessions than threads
        var run = Golden("results-websocket.json");
        var step = run.Experiments[0].Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 100);
        var seconds = run.Run.Settings.WarmupSeconds + run.Run.Settings.StepSeconds;

        // Act
        var predicted = PoolGrowth.CooperativeBlockingThreads(run.Run.Cores, run.Run.Settings.MinWorkerThreads!.Value, seconds);

        // Assert: 45 predicted, 42 recorded (the k6 beside it slowed the injection a little)
        Assert.InRange(step.ThreadsAtEnd!.Value, predicted * 0.85, predicted * 1.15);
    }

    [Fact]
    public void A_variant_that_holds_pool_threads_reads_its_growth_from_its_own_probes_and_others_have_none()
    {
        // Arrange: the sleep pair of a standard sweep (2 cores, minimum 2, 3 s warm-up + 8 s), which recorded no
        // CooperativeBlocking: Thread.Sleep's pool grows by starvation only
        var run = Golden("results-sleep-searched.json");
        var sleep = run.Experiments[0];

        // Act
        var sync = GrownPool.Of(sleep, sleep.Variants.Single(v => v.Name == "sync"), [new Hold(HeldResource.Threads)], run.Run);
        var async = GrownPool.Of(sleep, sleep.Variants.Single(v => v.Name == "async"), [], run.Run);

        // Assert: a thread frees every 250 ms, so the gate never sees starvation: the grown pool is the minimum (measured 2)
        Assert.NotNull(sync);
        Assert.Equal((PoolInjection.Starvation, 2, 2), (sync.By, sync.ThreadsAtWindowStart, sync.ThreadsAtWindowEnd));
        Assert.InRange(sync.Low, 2, 3);
        Assert.Null(async);
    }
}
