using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>A held load beside its forecast: the error, and the assumption that broke where they part by more than 25%.</summary>
public sealed class ForecastCheckTests
{
    [Fact]
    public void Within_the_tolerance_only_the_error_is_read()
    {
        // Arrange: cooperative blocking said 22.1 s; the echo caught up at 24
        var forecast = new CatchUpForecast(PoolInjection.CooperativeBlocking, 101, 22.1);

        // Act
        var read = ForecastCheck.Read(forecast, Hold(100, 24, s => Math.Min(101, 22 + (4 * s))));

        // Assert
        Assert.Equal((9.0, (ForecastMiss?)null), (read.ErrorPercent, read.Broke));
    }

    [Fact]
    public void Hill_climbing_slower_than_its_most_is_named_with_the_rate_it_had()
    {
        // Arrange: sleep sync at 100 clients: at the earliest 26.5 s; the pool grew a thread a second and caught up at 98
        var forecast = new CatchUpForecast(PoolInjection.HillClimbing, 100, 26.5) { Earliest = true };

        // Act
        var read = ForecastCheck.Read(forecast, Hold(100, 98, s => 2 + s));

        // Assert
        Assert.Equal(ForecastMissKind.HillClimbingSlower, read.Broke!.Kind);
        Assert.Equal(1.0, read.Broke.GrowthPerSecond);
        Assert.Equal(270, read.ErrorPercent);
    }

    [Fact]
    public void Caught_up_with_fewer_threads_than_counted_names_the_threads()
    {
        // Arrange: db sync, forecast 40 threads by 12 s; caught up at 5 s with 12 threads
        var forecast = new CatchUpForecast(PoolInjection.HillClimbing, 40, 12) { Earliest = true };

        // Act
        var read = ForecastCheck.Read(forecast, Hold(400, 5, s => 3 + (2 * s)));

        // Assert
        Assert.Equal((ForecastMissKind.OtherThreadsNeeded, 13), (read.Broke!.Kind, read.Broke.ThreadsAtCatchUp));
    }

    [Fact]
    public void Threads_ready_on_time_but_the_load_met_later_says_the_pool_was_not_what_held_it_back()
    {
        // Arrange: websocket sync at 76 clients: 77 threads due at 13.8 s, caught up at 16.1; measured: 79 threads at 16 s, met from 22
        var forecast = new CatchUpForecast(PoolInjection.CooperativeBlocking, 77, 16.1) { ThreadsReadyAt = 13.8 };

        // Act
        var read = ForecastCheck.Read(forecast, Hold(76, 22, s => Math.Min(98, 14 + (4 * s))));

        // Assert
        Assert.Equal((ForecastMissKind.ServedLater, 16), (read.Broke!.Kind, read.Broke.ThreadsReadyAt));
    }

    [Fact]
    public void Caught_up_beyond_a_cap_the_laws_counted_says_the_cap_was_higher()
    {
        // Arrange
        var forecast = new CatchUpForecast(PoolInjection.HillClimbing, 60, null) { Ceiling = ResourceKind.DbConnections };

        // Act & Assert
        Assert.Equal(ForecastMissKind.CapHigher, ForecastCheck.Read(forecast, Hold(2000, 30, s => 3 + s)).Broke!.Kind);
    }

    [Fact]
    public void Neither_caught_up_nor_forecast_to_is_agreement()
    {
        // Arrange
        var forecast = new CatchUpForecast(PoolInjection.Starvation, 10_001, null);

        // Act
        var read = ForecastCheck.Read(forecast, Hold(10_000, null, _ => 4));

        // Assert
        Assert.Equal(forecast, read);
    }

    private static SustainedHold Hold(int load, int? caughtUpAt, Func<int, int> threads) =>
        new(load, 120, caughtUpAt, caughtUpAt is null ? HoldEnd.Horizon : HoldEnd.CaughtUp,
            [.. Enumerable.Range(0, 120).Select(s => new HeldSecond(s, 10, 0, 900) { PoolThreads = threads(s) })]);
}
