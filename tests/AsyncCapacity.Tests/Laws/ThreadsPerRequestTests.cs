using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Tests.Laws;

/// <summary>Little's law per probe: blocked pool threads ÷ throughput ÷ hold = pool threads held per request.</summary>
public sealed class ThreadsPerRequestTests
{
    private const double Hold = 0.1;

    [Fact]
    public void A_call_that_blocks_one_thread_for_its_hold_measures_one_and_one_that_blocks_two_measures_two()
    {
        // Arrange: 30 pool threads at 100 ms each serve 300 req/s holding one, 150 holding two.
        var one = new[] { Step(clients: 50, rps: 300, held: 30), Step(clients: 100, rps: 330, held: 33) };
        var two = new[] { Step(clients: 50, rps: 150, held: 30), Step(clients: 100, rps: 160, held: 32) };

        // Act
        var measuredOne = ThreadsPerRequest.Of(one, Hold);
        var measuredTwo = ThreadsPerRequest.Of(two, Hold);

        // Assert
        Assert.Equal(new MeasuredHold(1.0, 1.0, 1.0, 2), measuredOne);
        Assert.Equal(new MeasuredHold(2.0, 2.0, 2.0, 2), measuredTwo);
    }

    [Fact]
    public void Probes_whose_snapshot_caught_too_few_threads_or_no_stacks_give_nothing()
    {
        // Arrange: at one client a snapshot catches 0 or 1 thread; an awaited variant parks none.
        var steps = new[] { Step(clients: 1, rps: 10, held: 1), Step(clients: 100, rps: 1000, held: 0), Step(10, 100, held: null) };

        // Act
        var measured = ThreadsPerRequest.Of(steps, Hold);

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

    private static StepResult Step(int clients, double rps, int? held)
    {
        var start = DateTimeOffset.UnixEpoch;
        var waits = held is { } n
            ? new WaitSummary(n + 1, 1, 0, 7, n == 0 ? [] : [new WaitGroup(".NET TP Worker", true, "System.Threading.Thread.Sleep", "App.Sync", true, n)])
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
