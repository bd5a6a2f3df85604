using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Pool;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Pool;

/// <summary>
/// Each rule of the pool as the runtime's sources define it (PoolRules), in milliseconds of simulated time: starvation's one
/// thread per gate period when nothing is dequeued below 80% CPU and none sooner than NumThreadsGoal seconds above it;
/// cooperative blocking's threads at once up to ProcessorCount above the minimum, then one per delay step of 25 ms per
/// ProcessorCount threads, at most 250 ms; hill climbing's most change per second; the minimum honoured from the first second.
/// </summary>
public sealed class PoolSimulationTests
{
    private static readonly Sla Sla = new(1000, 0.01);

    [Fact]
    public void Starvation_adds_one_thread_when_nothing_was_dequeued_for_more_than_a_gate_period_and_the_CPU_is_low()
    {
        // Arrange: 10 clients each sleeping 5 s on 2 processors: two threads busy, eight requests queued, none dequeued
        var shape = PoolShape.Of(Blocking.Sleeps, clients: 10, holdMs: 5000, processors: 2);

        // Act
        var seconds = PoolSimulation.Run(shape, 4, seed: 1);

        // Assert: the new thread dequeues at once, so the next period finds the last dequeue 500 ms old, not older: one thread
        // every other period, a thread a second (Microsoft's "1-2 per second"); by the end of the third second 2 + 3; every queued
        // request has its thread by the tenth
        Assert.InRange(seconds[2].PoolThreads!.Value, 4, 6);
        Assert.Equal(10, PoolSimulation.Run(shape, 10, seed: 1)[9].PoolThreads);
    }

    [Fact]
    public void Starvation_waits_NumThreadsGoal_seconds_when_the_CPU_is_busy()
    {
        // Arrange: work items that burn 5 s of CPU each on both processors (the CPU at 100%), against the same items sleeping
        var busy = PoolShape.Of(Blocking.Sleeps, clients: 10, holdMs: 0, processors: 2, cpuMs: 5000);
        var idle = PoolShape.Of(Blocking.Sleeps, clients: 10, holdMs: 5000, processors: 2);

        // Act: the first second
        var (whenBusy, whenIdle) = (PoolSimulation.Run(busy, 1, seed: 3)[0], PoolSimulation.Run(idle, 1, seed: 3)[0]);

        // Assert: busy, the gate waits 2 × 1 s before it injects; idle, after 500 ms it has
        Assert.Equal(2, whenBusy.PoolThreads);
        Assert.InRange(whenIdle.PoolThreads!.Value, 3, 4);
        Assert.True(whenBusy.CpuPercent >= 99, $"the CPU was {whenBusy.CpuPercent}%");
    }

    [Fact]
    public void Cooperative_blocking_adds_ProcessorCount_threads_at_once_then_one_per_growing_delay_step()
    {
        // Arrange: 40 clients blocked 10 s on a task each (GetResult) on 2 processors
        var shape = PoolShape.Of(Blocking.WaitsOnTask, clients: 40, holdMs: 10_000, processors: 2);

        // Act
        var seconds = PoolSimulation.Run(shape, 5, seed: 1);

        // Assert: 4 at once; then delays of 25, 25, 50, 50, 75 ms… reach 15 threads by 1 s and 22 by 2.25 s, whence 250 ms each:
        // 33 by 5 s (the runtime's own arithmetic, Blocking.cs)
        Assert.InRange(seconds[0].PoolThreads!.Value, 14, 16);
        Assert.InRange(seconds[4].PoolThreads!.Value, 32, 34);
    }

    [Fact]
    public void The_delay_steps_are_the_runtimes_own()
    {
        // Assert: 2 processors, minimum 2: none to 4, then 25 ms per 2 threads, at most 250
        Assert.Equal(25, PoolRules.BlockingDelayMs(4, 2, 2));
        Assert.Equal(25, PoolRules.BlockingDelayMs(5, 2, 2));
        Assert.Equal(50, PoolRules.BlockingDelayMs(6, 2, 2));
        Assert.Equal(250, PoolRules.BlockingDelayMs(22, 2, 2));
        Assert.Equal(250, PoolRules.BlockingDelayMs(200, 2, 2));
    }

    [Fact]
    public void Hill_climbing_moves_at_most_4_threads_a_second()
    {
        // Arrange: throughput that rises with every thread added, sampled every 100 ms: the strongest signal it can get
        var climber = new HillClimber(minThreads: 2, new Random(1));
        var goal = 2;

        // Act: ten seconds of samples
        for (var sample = 0; sample < 100; sample++)
        {
            goal = climber.Update(goal, 0.1, completions: goal * 100, cpuPercent: 10, minThreads: 2);
        }

        // Assert: at most 4 a second above the minimum (and the wave's magnitude on top)
        Assert.InRange(goal, 2, 2 + 40 + PoolRules.MaxWaveMagnitude);
    }

    [Fact]
    public void A_pool_whose_minimum_covers_the_clients_serves_them_from_the_first_second()
    {
        // Arrange: --min-threads 24 and 20 clients sleeping 500 ms
        var shape = PoolShape.Of(Blocking.Sleeps, clients: 20, holdMs: 500, processors: 2, minThreads: 24);

        // Act
        var band = PoolForecast.Of(shape, new HoldTerms(20, Sla, Sessions: false), 20, runs: 5);

        // Assert: a thread per client at once, and the SLA met from the first seconds in every run
        Assert.All(band.Band.Skip(1), second => Assert.InRange(second.Threads, 20, 24));
        Assert.Equal(5, band.CatchUp.CaughtUp);
        Assert.True(band.CatchUp.High <= 1, $"caught up at {band.CatchUp.High} s");
    }

    [Fact]
    public void An_awaiting_variant_meets_the_SLA_from_the_first_second_on_a_handful_of_threads()
    {
        // Arrange
        var shape = PoolShape.Of(Blocking.Awaits, clients: 500, holdMs: 500, processors: 2);

        // Act
        var band = PoolForecast.Of(shape, new HoldTerms(500, Sla, Sessions: false), 10, runs: 3);

        // Assert
        Assert.All(band.Band, second => Assert.InRange(second.ThreadsHigh, 2, 8));
        Assert.Equal(3, band.CatchUp.CaughtUp);
    }

    [Fact]
    public void A_run_repeats_exactly_from_its_seed()
    {
        // Arrange
        var shape = PoolShape.Of(Blocking.Sleeps, clients: 8, holdMs: 500, processors: 2);

        // Assert
        Assert.Equal(PoolSimulation.Run(shape, 30, seed: 7), PoolSimulation.Run(shape, 30, seed: 7));
    }

    [Fact]
    public void A_simulated_catch_up_ends_where_the_stop_rule_of_a_measured_hold_would()
    {
        // Arrange: a cooperative-blocking load that catches up within the horizon
        var shape = PoolShape.Of(Blocking.WaitsOnTask, clients: 60, holdMs: 500, processors: 2);
        var terms = new HoldTerms(60, Sla, Sessions: false);
        var run = PoolSimulation.Run(shape, 60, seed: 2);

        // Act: the first prefix the rule may end at, read once; and prefix by prefix
        var once = CatchUpFinder.FirstConfirmed(run, terms);
        var prefix = Enumerable.Range(1, run.Count).FirstOrDefault(n => terms.MayEnd([.. run.Take(n)]));

        // Assert
        Assert.NotNull(once);
        Assert.Equal(CatchUpFinder.Find([.. run.Take(prefix)], terms).At, once);
    }

    /// <summary>A 16-core machine with the app on 8 CPUs (pool minimum 8): sleep sync's 500 ms sleeps kept the pool at 9 threads
    /// in every probe from 8 to 16 clients (2 s warm-up + 4 s): each sleep ends and its thread dequeues within 500 ms, so the gate
    /// never starves, and hill climbing hears too few completions to move in 6 s.</summary>
    [Theory]
    [InlineData(8)]
    [InlineData(12)]
    [InlineData(16)]
    public void On_8_processors_sleeping_clients_keep_the_pool_near_its_minimum_for_a_probes_6_seconds(int clients)
    {
        // Arrange
        var shape = PoolShape.Of(Blocking.Sleeps, clients, holdMs: 500, processors: 8);

        // Act
        var band = PoolForecast.Of(shape, new HoldTerms(clients, Sla, Sessions: false), seconds: 6);

        // Assert
        Assert.All(band.Band, second => Assert.InRange(second.Threads, 8, 9));
    }
}
