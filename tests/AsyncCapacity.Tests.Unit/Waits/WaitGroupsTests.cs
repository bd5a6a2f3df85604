using System.Text.Json;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Waits;

/// <summary>
/// The grouping on snapshots `capacity stacks` recorded from the real app (bench/adjustments.sh, 30 k6 clients, halfway
/// through a 10 s step), kept in Golden/stacks-*.json. Each thread's frames were cut after the first frame the grouping
/// reads (its app frame, or the pool's worker loop, or the sixth), which changes nothing it finds.
/// </summary>
public sealed class WaitGroupsTests
{
    private const string Sleep = "stacks-sleep-sync.json";
    private const string Audit = "stacks-audit-bounded.json";
    private const string Blocked = "stacks-websocket-sync.json";
    private const string Awaited = "stacks-websocket-async.json";
    private const string InlinedGetResult = "stacks-inlined-get-result.json";
    private const string InlinedTaskRunResult = "stacks-inlined-task-run-result.json";

    [Theory]
    [InlineData(Sleep, ".NET TP Worker", true, "System.Threading.Thread.Sleep",
        "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync", true, 3)]
    [InlineData(Audit, "Audit writer", false, "System.Threading.Thread.Sleep",
        "AsyncCapacity.Web.Audit.BoundedAuditLog.WriteUntilDrained", true, 5)]
    [InlineData(Audit, ".NET TP Worker", true, "System.Threading.ManualResetEventSlim.Wait",
        "AsyncCapacity.Web.Experiments.AuditEndpoints.Bounded", true, 2)]
    [InlineData(Audit, ".NET TP Worker", true, "System.Threading.ManualResetEventSlim.Wait",
        "AsyncCapacity.Web.Experiments.AuditEndpoints.Bounded", false, 3)]
    [InlineData(Blocked, ".NET TP Worker", true, "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
        "AsyncCapacity.Web.Experiments.WebSocketEndpoints.Sync", true, 30)]
    public void Threads_are_grouped_by_the_call_they_are_in_and_the_app_frame_that_made_it(
        string fixture, string family, bool pool, string call, string appFrame, bool waiting, int threads)
    {
        // Act
        var summary = WaitGroups.Of(Snapshot(fixture));

        // Assert
        Assert.Contains(new WaitGroup(family, pool, call, appFrame, waiting, threads), summary.Groups);
    }

    [Theory]
    [InlineData(Sleep, 3, 0, 0, 8)]
    [InlineData(Audit, 6, 0, 1, 14)]
    [InlineData(Blocked, 41, 11, 0, 9)]
    [InlineData(Awaited, 7, 7, 0, 9)]
    public void Pool_threads_without_an_app_frame_are_told_apart_idle_or_in_framework_code(
        string fixture, int pool, int idle, int inFramework, int others)
    {
        // Act
        var summary = WaitGroups.Of(Snapshot(fixture));

        // Assert
        Assert.Equal((pool, idle, inFramework, others),
            (summary.PoolThreads, summary.IdlePoolThreads, summary.PoolThreadsInFramework, summary.OtherThreads));
    }

    [Fact]
    public void The_awaited_echo_under_load_parks_no_thread_in_the_apps_code()
    {
        // Act
        var summary = WaitGroups.Of(Snapshot(Awaited));

        // Assert: no thread in the app's code (the instrument's sampler thread is not the app's), every pool thread idle
        Assert.Empty(summary.Groups);
        Assert.Equal(summary.PoolThreads, summary.IdlePoolThreads);
    }

    [Fact]
    public void The_summary_reads_as_short_sentences_largest_group_first()
    {
        // Act
        var text = WaitText.Describe(WaitGroups.Of(Snapshot(Audit)));

        // Assert
        Assert.Equal(
            """
            5 'Audit writer' threads in Thread.Sleep ← BoundedAuditLog.WriteUntilDrained
            3 of 6 pool threads running in ManualResetEventSlim.Wait ← AuditEndpoints.Bounded
            2 of 6 pool threads in ManualResetEventSlim.Wait ← AuditEndpoints.Bounded
            1 of 6 pool threads in framework code (no app frame)
            9 other threads outside the app's code (the runtime's, Kestrel's, the instrument's sampler)

            """.ReplaceLineEndings("\n"),
            text.ReplaceLineEndings("\n"));
    }

    [Fact]
    public void The_headline_passes_over_the_apps_own_workers_waiting_for_their_next_item_but_not_at_work()
    {
        // Arrange: the audit log's writers live in every experiment's app; between entries they wait in their queue
        var idleWriters = new WaitGroup("Audit writer", false, "System.Collections.Concurrent.BlockingCollection.GetConsumingEnumerable",
            "AsyncCapacity.Web.Audit.BoundedAuditLog.WriteUntilDrained", true, 5);
        var inQuery = new WaitGroup(".NET TP Worker", true, "Npgsql.NpgsqlCommand.ExecuteReader",
            "AsyncCapacity.Web.Experiments.DbEndpoints.Sync", true, 3);

        // Act
        var dbSync = WaitText.Headline(new WaitSummary(4, 1, 0, 12, [idleWriters, inQuery]));
        var dbAsync = WaitText.Headline(new WaitSummary(4, 4, 0, 12, [idleWriters]));
        var auditBounded = WaitText.Headline(WaitGroups.Of(Snapshot(Audit)));

        // Assert
        Assert.Equal("3 of 4 pool threads in NpgsqlCommand.ExecuteReader ← DbEndpoints.Sync", dbSync);
        Assert.Equal("no thread held in the app's code", dbAsync);
        Assert.Equal("5 'Audit writer' threads in Thread.Sleep ← BoundedAuditLog.WriteUntilDrained", auditBounded);
    }

    [Fact]
    public void A_snapshot_survives_a_round_trip_through_the_wire_json()
    {
        // Arrange
        var snapshot = Snapshot(Sleep);

        // Act
        var again = JsonSerializer.Deserialize<StackSnapshot>(JsonSerializer.Serialize(snapshot, WireJson.Options), WireJson.Options)!;

        // Assert
        Assert.Equal(snapshot.Threads.Count, again.Threads.Count);
        Assert.Equal(snapshot.Threads.SelectMany(t => t.Frames), again.Threads.SelectMany(t => t.Frames));
        Assert.Equal(WaitGroups.Of(snapshot).Groups, WaitGroups.Of(again).Groups);
    }

    // tests/ShapesApp's controller actions, 12 clients each, recorded with `capacity stacks`: the JIT inlined each action
    // into MVC's compiled invoker, so no frame of the app's namespace was left on the blocked threads.
    [Theory]
    [InlineData(InlinedGetResult, "System.Runtime.CompilerServices.TaskAwaiter.GetResult", 12)]
    [InlineData(InlinedTaskRunResult, "System.Threading.Tasks.Task.GetResultCore", 12)]
    public void A_blocked_thread_whose_app_frames_were_inlined_is_named_by_its_wait_not_left_in_framework_code(
        string fixture, string call, int threads)
    {
        // Act
        var summary = WaitGroups.Of(Snapshot(fixture));

        // Assert
        var group = Assert.Single(summary.Groups, g => g.Inlined);
        Assert.Equal((call, threads, true), (group.Call, group.Threads, group.Pool));
        Assert.StartsWith("Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor", group.AppFrame, StringComparison.Ordinal);
        Assert.Equal(0, summary.PoolThreadsInFramework);
    }

    [Fact]
    public void The_headline_of_an_inlined_wait_names_the_wait_and_the_request_being_served()
    {
        // Act
        var headline = WaitText.Headline(WaitGroups.Of(Snapshot(InlinedGetResult)), serving: "GET /stock/get-result/1");

        // Assert
        Assert.Equal("12 of 13 pool threads blocked in TaskAwaiter.GetResult while serving GET /stock/get-result/1; "
            + "the app's frames were inlined by the JIT into ActionMethodExecutor+SyncObjectResultExecutor.Execute", headline);
    }

    private static StackSnapshot Snapshot(string fixture) =>
        JsonSerializer.Deserialize<StackSnapshot>(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Golden", fixture)),
            WireJson.Options)!;
}
