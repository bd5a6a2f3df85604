using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>Where the pool settled: caught up with every load held, still growing at a rate, or stopped and by what.</summary>
public sealed class SteadyStateReaderTests
{
    private static readonly PoolFacts Sleep = new(PoolInjection.Starvation, 2, 2, 0.501, 0.503, Sessions: false, 1.0);

    [Fact]
    public void Every_load_caught_up_reads_what_the_heaviest_cost()
    {
        // Arrange
        var holds = new[] { Hold(4, 10, 5, 62), Hold(44, 30, 45, 70) };

        // Act
        var steady = SteadyStateReader.Of(holds, Sleep)!;

        // Assert
        Assert.Equal(new SteadyState(SteadyKind.CaughtUp, 44, 45, 70, 3), steady);
    }

    [Fact]
    public void A_pool_still_growing_at_the_horizon_says_its_rate_and_the_seconds_the_load_still_needs()
    {
        // Arrange: 478 clients need 478 threads; the pool grew from 110 to 170 over the last 30 s
        var behind = Hold(478, null, 170, 120) with { Seconds = Threads(120, s => 2 + (int)(1.4 * s)) };

        // Act
        var steady = SteadyStateReader.Of([Hold(44, 30, 45, 70), behind], Sleep)!;

        // Assert
        Assert.Equal((SteadyKind.Growing, 478, 478), (steady.Kind, steady.Load, steady.ThreadsNeeded));
        Assert.Equal(1.4, steady.GrowthPerSecond!.Value, 1);
        Assert.Equal(220, steady.SecondsMore!.Value, 0);
    }

    [Fact]
    public void A_pool_stopped_short_of_a_load_beyond_another_resource_names_it()
    {
        // Arrange: db sync, its connection pool bounds 1,800 clients; the pool flat at 24 for the last minute
        var facts = Sleep with { HoldSeconds = 0.053, ResponseSeconds = 0.053, CeilingLoad = 1800, CeilingResource = ResourceKind.DbConnections };
        var behind = Hold(2400, null, 24, 90) with { Seconds = Threads(120, s => s < 60 ? 3 + (s / 3) : 24) };

        // Act
        var steady = SteadyStateReader.Of([behind], facts)!;

        // Assert
        Assert.Equal((SteadyKind.Stopped, ResourceKind.DbConnections), (steady.Kind, steady.BoundBy));
        Assert.Null(steady.SecondsMore);
    }

    [Fact]
    public void A_pool_that_stopped_on_its_own_names_nothing()
    {
        // Arrange: 9 threads in every second, 16 clients behind, the CPU idle
        var behind = Hold(16, null, 9, 60) with { Seconds = Threads(120, _ => 9) };

        // Act
        var steady = SteadyStateReader.Of([behind], Sleep)!;

        // Assert
        Assert.Equal((SteadyKind.Stopped, (ResourceKind?)null, 0.0), (steady.Kind, steady.BoundBy, steady.GrowthPerSecond));
    }

    [Fact]
    public void A_pool_that_held_the_threads_the_load_needs_did_not_bind_and_the_machines_CPU_is_named()
    {
        // Arrange: websocket sync at 107 clients: 129 threads for the 108 it needs, the SLA still missed, the machine at 98%
        var echo = new PoolFacts(PoolInjection.CooperativeBlocking, 2, 2, 0.001, 0.002, Sessions: true, 0.1);
        var behind = Hold(107, null, 129, 144) with { Seconds = Threads(60, s => Math.Min(129, 12 + (4 * s))), MachineCpuPercent = 98 };

        // Act
        var steady = SteadyStateReader.Of([behind], echo)!;

        // Assert
        Assert.Equal((SteadyKind.Sufficed, ResourceKind.MachineCpu, 108), (steady.Kind, steady.BoundBy, steady.ThreadsNeeded));
    }

    [Fact]
    public void Failed_holds_say_nothing_of_the_pool()
    {
        Assert.Null(SteadyStateReader.Of([new SustainedHold(8, 2, null, HoldEnd.Failed, [])], Sleep));
    }

    private static SustainedHold Hold(int load, int? caughtUpAt, int threads, double workingSetMb) =>
        HoldPlannerTests.Held(load, caughtUpAt) with { Cost = new HoldCost(threads, workingSetMb, 3) };

    private static List<HeldSecond> Threads(int seconds, Func<int, int> threads) =>
        [.. Enumerable.Range(0, seconds).Select(s => new HeldSecond(s, 10, 0, 2500) { PoolThreads = threads(s) })];
}
