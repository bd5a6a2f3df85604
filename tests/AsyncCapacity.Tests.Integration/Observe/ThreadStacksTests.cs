using System.Diagnostics;
using System.Text.Json;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Observe;

/// <summary>
/// `capacity stacks` against the real app as a process of its own, under a few seconds of load: the snapshot, grouped by
/// the app's frames, names the call each blocked thread is in and the handler that made it.
/// </summary>
public sealed class ThreadStacksTests(ITestOutputHelper log)
{
    [Fact]
    public async Task Under_Thread_Sleep_load_the_pool_threads_are_in_Thread_Sleep_called_by_SleepEndpoints_Sync()
    {
        // Arrange: 20 clients, each request asleep for 3 s, so the pool's threads are all in the handler
        await using var app = await AppUnderLoad.StartAsync(log);
        var load = ClosedLoad.HttpAsync(new Uri(app.BaseAddress, "/sleep/sync?ms=3000"), clients: 20, TimeSpan.FromSeconds(5));
        await Task.Delay(TimeSpan.FromSeconds(2));

        // Act
        var snapshot = await ThreadStacks.TakeAsync(app.Id, CancellationToken.None);
        await load;

        // Assert
        var summary = WaitGroups.Of(snapshot);
        log.WriteLine($"{WaitText.Describe(summary)}session {snapshot.SessionMs} ms, {snapshot.TotalMs} ms in all");
        var sleeping = Assert.Single(summary.Groups, g => g.AppFrame == "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync");
        Assert.Equal("System.Threading.Thread.Sleep", sleeping.Call);
        Assert.True(sleeping.Pool && sleeping.Waiting, "pool threads, blocked");
        Assert.True(sleeping.Threads >= 2, $"the pool's threads should be asleep in the handler; {sleeping.Threads} were");
        Assert.Contains(snapshot.Threads, t => t.Name == "AsyncCapacity r"
            && t.Frames.Contains("AsyncCapacity.Web.Diagnostics.RuntimeSampler.SampleUntilStopped"));
        Assert.Contains("AsyncCapacity.Web.Experiments", snapshot.AppNamespaces!); // the entry assembly's, read off the process
        Assert.All(snapshot.Threads, t => Assert.InRange(t.ThreadId, 1, int.MaxValue));
    }

    [Fact]
    public async Task Under_WebSocket_load_the_blocked_echo_waits_in_GetResult_and_the_awaited_one_holds_no_thread()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log);
        var blocked = ClosedLoad.EchoAsync(app.WebSocket("/websocket/sync"), clients: 20, TimeSpan.FromSeconds(4));
        var awaited = ClosedLoad.EchoAsync(app.WebSocket("/websocket/async"), clients: 20, TimeSpan.FromSeconds(4));
        await Task.Delay(TimeSpan.FromSeconds(2));

        // Act
        var snapshot = await ThreadStacks.TakeAsync(app.Id, CancellationToken.None);
        await Task.WhenAll(blocked, awaited);

        // Assert
        var summary = WaitGroups.Of(snapshot);
        log.WriteLine(WaitText.Describe(summary));
        var echo = summary.Groups.Where(g => g.AppFrame == "AsyncCapacity.Web.Experiments.WebSocketEndpoints.Sync" && g.Waiting).ToList();
        Assert.True(echo.Sum(g => g.Threads) >= 10,
            $"most of the 20 blocked echo loops should hold a thread each; {echo.Sum(g => g.Threads)} did");
        Assert.Contains(echo, g => g.Call is "System.Runtime.CompilerServices.TaskAwaiter.GetResult"
            or "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification");
        Assert.DoesNotContain(summary.Groups, g => g.AppFrame == "AsyncCapacity.Web.Experiments.WebSocketEndpoints.Async" && g.Waiting);
    }

    [Fact]
    public async Task The_stacks_command_prints_the_groups_and_writes_the_snapshot_it_took()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log);
        var json = Path.Combine(Path.GetTempPath(), $"capacity-stacks-{Guid.NewGuid():N}.json");

        try
        {
            // Act
            var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromSeconds(60),
                "stacks", app.Id.ToString(System.Globalization.CultureInfo.InvariantCulture), "--json", json);

            // Assert
            Assert.Equal(0, exitCode);
            // An idle app: its pool threads wait for work, and the instrument's sampler thread is not counted as the app's code.
            Assert.Matches(@"\d+ (of \d+ )?pool threads? idle, waiting for work", output);
            Assert.DoesNotContain("RuntimeSampler", output, StringComparison.Ordinal);
            Assert.Matches(@"snapshot of \d+ threads: session \d+ ms, \d+ ms in all", output);
            var snapshot = JsonSerializer.Deserialize<StackSnapshot>(await File.ReadAllTextAsync(json), WireJson.Options)!;
            Assert.Equal(app.Id, snapshot.ProcessId);
            Assert.Contains(snapshot.Threads, t => t.IsPoolWorker);
        }
        finally
        {
            File.Delete(json);
        }
    }

    [Fact]
    public async Task The_stacks_command_on_a_process_that_is_not_dotnet_exits_2_saying_why()
    {
        // Arrange
        using var other = Process.Start("sleep", "30");

        try
        {
            // Act
            var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromSeconds(60),
                "stacks", other.Id.ToString(System.Globalization.CultureInfo.InvariantCulture));

            // Assert
            Assert.Equal(2, exitCode);
            Assert.Contains("does not answer on a .NET diagnostics port", output, StringComparison.Ordinal);
        }
        finally
        {
            other.Kill();
        }
    }
}
