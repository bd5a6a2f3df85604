using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Tests.Laws;

/// <summary>Pool threads held ÷ requests in flight, on probes where the pool had threads to spare.</summary>
public sealed class ThreadsPerRequestTests
{
    [Fact]
    public void A_call_that_blocks_one_thread_for_its_hold_measures_one_and_one_that_blocks_two_measures_two()
    {
        // Arrange: 10 and 20 clients in flight, each holding one pool thread, or two.
        var one = new[] { Step(clients: 10, rps: 100, held: 10), Step(clients: 20, rps: 200, held: 20) };
        var two = new[] { Step(clients: 10, rps: 100, held: 20), Step(clients: 20, rps: 200, held: 40) };

        // Act
        var measuredOne = ThreadsPerRequest.Of(one, closedModel: true);
        var measuredTwo = ThreadsPerRequest.Of(two, closedModel: true);

        // Assert
        Assert.Equal(new MeasuredHold(1.0, 1.0, 1.0, 2), measuredOne);
        Assert.Equal(new MeasuredHold(2.0, 2.0, 2.0, 2), measuredTwo);
    }

    [Fact]
    public void Probes_whose_snapshot_caught_too_few_threads_no_stacks_or_an_exhausted_pool_give_nothing()
    {
        // Arrange: at one client a snapshot catches 0 or 1 thread; an awaited variant parks none; with every pool thread
        // held, the requests beyond them wait holding none.
        var steps = new[]
        {
            Step(clients: 1, rps: 10, held: 1), Step(clients: 100, rps: 1000, held: 0), Step(10, 100, held: null),
            Step(clients: 50, rps: 37, held: 37, pool: 37),
        };

        // Act
        var measured = ThreadsPerRequest.Of(steps, closedModel: true);

        // Assert
        Assert.Null(measured);
    }

    [Fact]
    public void Inlined_waits_count_as_held_and_idle_or_framework_threads_do_not()
    {
        // Arrange
        var waits = new WaitSummary(PoolThreads: 14, IdlePoolThreads: 1, PoolThreadsInFramework: 1, OtherThreads: 7,
        [
            new WaitGroup(".NET TP Worker", true, "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
                "Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor+SyncObjectResultExecutor.Execute", true, 12, Inlined: true),
            new WaitGroup("Audit writer", false, "System.Threading.Thread.Sleep", "App.AuditLog.Write", true, 5),
        ]);

        // Act
        var held = ThreadsPerRequest.Held(waits);

        // Assert
        Assert.Equal(12, held);
    }

    private static StepResult Step(int clients, double rps, int? held, int? pool = null)
    {
        var start = DateTimeOffset.UnixEpoch;
        var waits = held is { } n
            ? new WaitSummary(pool ?? n + 1, 1, 0, 7,
                n == 0 ? [] : [new WaitGroup(".NET TP Worker", true, "System.Threading.Thread.Sleep", "App.Sync", true, n)])
            : null;
        return new StepResult
        {
            Concurrency = clients,
            StartedAt = start,
            MeasuredFrom = start.AddSeconds(3),
            EndedAt = start.AddSeconds(10),
            DurationSeconds = 7,
            Requests = (long)Math.Round(rps * 7),
            Errors = 0,
            ErrorRate = 0,
            Rps = rps,
            MeanMs = 100,
            P95Ms = 110,
            MeetsSla = true,
            Missed = [],
            Waits = waits,
        };
    }
}
