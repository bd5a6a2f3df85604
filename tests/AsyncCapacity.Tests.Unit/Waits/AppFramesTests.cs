using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Waits;

/// <summary>
/// Threads grouped by the frames of the app's entry assembly, whatever its namespaces are called: a user's app
/// (Contoso.Orders) is read as the lab's own is, its entry point passed over, other assemblies' code not taken for it.
/// </summary>
public sealed class AppFramesTests
{
    private const string PoolLoop = "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart";

    private static readonly ThreadSample BlockedOnResult = new(101, ThreadSample.PoolWorkerName, false,
    [
        "System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)",
        "System.Threading.Tasks.Task.SpinThenBlockingWait",
        "System.Threading.Tasks.Task`1[System.__Canon].GetResultCore",
        "Contoso.Orders.OrdersEndpoints+<>c.<Blocking>b__1_0",
        "Microsoft.AspNetCore.Http.RequestDelegateFactory+<>c__DisplayClass.<Create>b__0",
        PoolLoop,
    ]);

    private static readonly ThreadSample Main = new(100, "dotnet", false,
        ["System.Threading.Monitor.Wait", "Microsoft.Extensions.Hosting.HostingAbstractionsHostExtensions.Run", "Program.<Main>$"]);

    private static readonly ThreadSample InTopLevelLambda = new(102, ThreadSample.PoolWorkerName, false,
        ["System.Threading.Thread.Sleep", "Program+<>c.<<Main>$>b__0_1", PoolLoop]);

    [Fact]
    public void A_user_apps_method_names_the_group_and_its_entry_point_is_not_where_a_thread_waits()
    {
        // Arrange
        var snapshot = new StackSnapshot(100, 0, 1, 2,
            [Main, BlockedOnResult, BlockedOnResult with { ThreadId = 103 }], ["Contoso.Orders", "Program"]);

        // Act
        var summary = WaitGroups.Of(snapshot);

        // Assert
        var group = Assert.Single(summary.Groups);
        var expected = new WaitGroup(
            ".NET TP Worker", true, "System.Threading.Tasks.Task.GetResultCore", "Contoso.Orders.OrdersEndpoints.Blocking", true, 2);
        Assert.Equal(expected, group);
        Assert.Equal("2 pool threads in Task.GetResultCore ← OrdersEndpoints.Blocking", WaitText.Headline(summary));
    }

    [Fact]
    public void An_async_entry_point_holding_the_main_thread_is_not_where_it_waits()
    {
        // Arrange: the lab's own Program.cs awaits, so its top-level statements run in a state machine
        var main = Main with
        {
            Frames = ["System.Threading.Monitor.Wait", "Microsoft.Extensions.Hosting.HostingAbstractionsHostExtensions.Run",
                "Program+<<Main>$>d__0.MoveNext", "Program.<Main>$", "Program.<Main>"],
        };

        // Act
        var summary = WaitGroups.Of(new StackSnapshot(100, 0, 1, 2, [main, InTopLevelLambda], ["Program"]));

        // Assert
        Assert.Equal(["Program.<Main>$"], summary.Groups.Select(g => g.AppFrame));
        Assert.True(Assert.Single(summary.Groups).Pool, "only the lambda's pool thread, not the main thread");
    }

    [Fact]
    public void Top_level_statements_count_as_the_apps_code_in_the_global_namespace_and_the_runtimes_global_types_do_not()
    {
        // Arrange
        var fileWatch = new ThreadSample(
            105, ".NET File Watch", false, ["Interop+Sys.Read", "System.IO.FileSystemWatcher+RunningInstance.Loop"]);

        // Act
        var summary = WaitGroups.Of(new StackSnapshot(100, 0, 1, 2, [Main, InTopLevelLambda, fileWatch], ["Program"]));

        // Assert
        var group = Assert.Single(summary.Groups);
        Assert.Equal(("System.Threading.Thread.Sleep", "Program.<Main>$"), (group.Call, group.AppFrame));
    }

    [Fact]
    public void Another_apps_namespaces_are_not_the_user_apps_and_without_them_the_labs_are_read()
    {
        // Arrange
        var lab = new ThreadSample(104, ThreadSample.PoolWorkerName, false,
            ["System.Threading.Thread.Sleep", "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync", PoolLoop]);

        // Act
        var asUsers = WaitGroups.Of(new StackSnapshot(100, 0, 1, 2, [lab, BlockedOnResult], ["Contoso.Orders"]));
        var asLabs = WaitGroups.Of(new StackSnapshot(100, 0, 1, 2, [lab, BlockedOnResult]));

        // Assert
        Assert.Equal(["Contoso.Orders.OrdersEndpoints.Blocking"], asUsers.Groups.Select(g => g.AppFrame));
        Assert.Equal(["AsyncCapacity.Web.Experiments.SleepEndpoints.Sync"], asLabs.Groups.Select(g => g.AppFrame));
    }

    [Fact]
    public void A_continuation_of_the_awaiting_handler_caught_outside_managed_code_runs_rather_than_waits()
    {
        // Arrange: the async sleep's continuation, caught during a GC pause (a quick sweep in CI, 2026-11-27), beside a real block
        var continuation = new ThreadSample(105, ThreadSample.PoolWorkerName, false,
            ["System.Threading.Tasks.Task.RunContinuations", "AsyncCapacity.Web.Experiments.SleepEndpoints.Async", PoolLoop]);
        var sleeping = new ThreadSample(106, ThreadSample.PoolWorkerName, false,
            ["System.Threading.Thread.Sleep", "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync", PoolLoop]);

        // Act
        var summary = WaitGroups.Of(new StackSnapshot(100, 0, 1, 2, [continuation, sleeping]));

        // Assert
        Assert.Equal(
            [("AsyncCapacity.Web.Experiments.SleepEndpoints.Async", false), ("AsyncCapacity.Web.Experiments.SleepEndpoints.Sync", true)],
            summary.Groups.Select(g => (g.AppFrame, g.Waiting)).OrderBy(g => g.AppFrame, StringComparer.Ordinal));
    }

    [Theory]
    [InlineData("Contoso.Orders.OrdersEndpoints.Blocking", "Contoso.Orders")]
    [InlineData("Contoso.Orders.OrdersEndpoints..ctor", "Contoso.Orders")]
    [InlineData("Program.<Main>$", "Program")]
    [InlineData("Program+Orders.Blocking", "Program")]
    [InlineData("System.Collections.Generic.Dictionary+Enumerator.MoveNext", "System.Collections.Generic")]
    public void A_frames_scope_is_its_namespace_or_for_a_global_type_the_type(string fullName, string expected) =>
        Assert.Equal(expected, MethodName.Scope(fullName));
}
