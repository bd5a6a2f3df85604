using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Docs;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>The injection laws' forecast of when a held load is caught up with, against the lab's own recorded probes.</summary>
public sealed class CatchUpForecasterTests
{
    // websocket sync on 2 cores, minimum 2: a thread per session (GetAwaiter().GetResult() tells the pool it blocks), SLA 100 ms.
    private static readonly PoolFacts Echo = new(PoolInjection.CooperativeBlocking, 2, 2, 0.001, 0.002, Sessions: true, 0.1);

    // sleep sync: Thread.Sleep(500) tells the pool nothing, and frees a thread every 250 ms: only hill climbing grows it.
    private static readonly PoolFacts Sleep = new(PoolInjection.Starvation, 2, 2, 0.501, 0.503, Sessions: false, 1.0);

    [Theory]
    [InlineData("lab7-websocket.json", 6)] // quick: 2 s warm-up + 4 s
    [InlineData("standard-all-six.json", 10)] // standard: 3 s + 7 s
    public void Cooperative_blocking_predicts_the_blocked_echos_knee_at_each_probe_length(string run, double horizon)
    {
        // Arrange
        var knee = WebSocketSync(run).Capacity!.Estimate!;

        // Act
        var predicted = CatchUpForecaster.CapacityAt(Echo, horizon, windowSeconds: 1, ceiling: 1000);

        // Assert: the law lands inside the 90% interval the probes measured (35, 33-38 quick; 54, 49-59 standard)
        Assert.InRange(predicted, knee.LowLoad, knee.HighLoad);
    }

    [Theory]
    [InlineData("lab7-websocket.json", 6)]
    [InlineData("standard-all-six.json", 10)]
    public void Every_missed_echo_probe_ends_with_the_threads_cooperative_blocking_injects_by_then(string run, double horizon)
    {
        // Arrange: a probe that missed held every thread the pool had; its threads at the end are what the runtime injected
        var missed = WebSocketSync(run).Steps.Where(s => !s.MeetsSla).ToList();

        // Act
        var law = PoolGrowth.CooperativeBlockingThreads(2, 2, horizon);

        // Assert: 20 -> 36 in 6 s and 20 -> 52 in 10 s, within a thread of the law's 37 and 53
        Assert.NotEmpty(missed);
        Assert.All(missed, s => Assert.InRange(s.ThreadsAtEnd!.Value, law - 1, law + 1));
    }

    [Fact]
    public void A_session_needs_its_own_thread_and_one_more_for_the_sockets()
    {
        // Act: 100 clients need 101 threads: 22 at 2.25 s, then 4 a second
        var forecast = CatchUpForecaster.Forecast(Echo, 100, horizonSeconds: 120, windowSeconds: 1);

        // Assert
        Assert.Equal((PoolInjection.CooperativeBlocking, 101, false), (forecast.By, forecast.ThreadsNeeded, forecast.Earliest));
        Assert.Equal(22.1, forecast.CaughtUpAt);
    }

    [Fact]
    public void Sleeping_threads_grow_only_by_hill_climbing_whose_forecast_is_the_earliest()
    {
        // Act: 100 clients, a round of 503 ms within a 1 s SLA: a thread each, from 2 at up to 4 a second
        var forecast = CatchUpForecaster.Forecast(Sleep, 100, horizonSeconds: 120, windowSeconds: 2);

        // Assert: 98 threads at 4 a second is 24.5 s, then a round and a window's second
        Assert.Equal((PoolInjection.HillClimbing, 100, true), (forecast.By, forecast.ThreadsNeeded, forecast.Earliest));
        Assert.Equal(26.5, forecast.CaughtUpAt);
    }

    [Fact]
    public void A_request_that_waits_seconds_starves_the_gate_until_a_thread_frees_every_500_ms()
    {
        // Arrange: connections sync, Thread.Sleep(2000) at a 2.5 s SLA
        var facts = new PoolFacts(PoolInjection.Starvation, 2, 2, 2.0, 2.003, Sessions: false, 2.5);

        // Act & Assert
        Assert.Equal(PoolInjection.Starvation, CatchUpForecaster.Mechanism(facts));
        Assert.Null(CatchUpForecaster.Forecast(facts, 10_000, horizonSeconds: 120, windowSeconds: 3).CaughtUpAt);
    }

    [Fact]
    public void A_load_beyond_another_held_resource_is_never_caught_up_whatever_the_threads()
    {
        // Arrange: db sync, whose connection pool allows 1,800 clients within the SLA
        var facts = new PoolFacts(PoolInjection.Starvation, 2, 2, 0.053, 0.053, Sessions: false, 1.0, 1800, ResourceKind.DbConnections);

        // Act
        var forecast = CatchUpForecaster.Forecast(facts, 2000, horizonSeconds: 120, windowSeconds: 2);

        // Assert
        Assert.Equal((null, ResourceKind.DbConnections), (forecast.CaughtUpAt, forecast.Ceiling));
        Assert.NotNull(CatchUpForecaster.Forecast(facts, 1000, 120, 2).CaughtUpAt);
    }

    [Fact]
    public void Requests_that_share_threads_in_rounds_need_a_thread_per_round_of_clients()
    {
        // Arrange: db sync's 53 ms query within a 1 s SLA: a request may wait 18 rounds
        var facts = new PoolFacts(PoolInjection.Starvation, 2, 2, 0.053, 0.053, Sessions: false, 1.0);

        // Act & Assert
        Assert.Equal(6, facts.ThreadsNeeded(100));
        Assert.Equal(1, facts.ThreadsNeeded(1));
        Assert.Equal(100, Sleep.ThreadsNeeded(100));
    }

    [Theory]
    [InlineData("task-run")]
    [InlineData("get-result")]
    public void Sync_over_async_requests_catch_up_at_a_thread_per_client_when_cooperative_blocking_has_injected_them(string variant)
    {
        // Arrange: tests/ShapesApp's 100 ms lookup behind .Result, held for 2 min (recorded 2026-11-27); the forecast the run
        // stored was made by the rounds' law, which counts Little's threads for the SLA
        var recorded = RecordedRun.Read(Path.Combine(Repository.Root, "docs", "workshop", "runs", "horizon-shapes.json"))
            .Experiments.Single().Variants.Single(v => v.Name == variant);
        var facts = new PoolFacts(PoolInjection.CooperativeBlocking, 2, 2, 0.1, 0.102, Sessions: false, 1.0);

        foreach (var hold in recorded.Sustained!.Holds)
        {
            // Act
            var forecast = CatchUpForecaster.Forecast(facts, hold.Concurrency, 120, 1);

            // Assert: a thread per client; caught up within 25% (or 3 s) of the forecast, and never where the pool could not
            // inject that many in 2 min
            Assert.Equal(hold.Concurrency, facts.ThreadsNeeded(hold.Concurrency));
            if (hold.CaughtUpAt is { } measured)
            {
                Assert.InRange(hold.Cost!.PoolThreads!.Value, hold.Concurrency * 0.95, hold.Concurrency * 1.25);
                Assert.NotNull(forecast.CaughtUpAt);
                Assert.InRange(measured, forecast.CaughtUpAt!.Value - Math.Max(3, 0.25 * measured),
                    forecast.CaughtUpAt.Value + Math.Max(3, 0.25 * measured));
            }
            else
            {
                Assert.Null(forecast.CaughtUpAt);
            }
        }
    }

    private static VariantResult WebSocketSync(string run) =>
        RecordedRun.Read(Path.Combine(Repository.Root, "docs", "workshop", "runs", run))
            .Experiments.Single(e => e.Name == "websocket").Variants.Single(v => v.Name == "sync");
}
