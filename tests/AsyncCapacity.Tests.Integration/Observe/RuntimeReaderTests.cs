using System.Text.Json;
using AsyncCapacity.Cli.Observe;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Observe;

/// <summary>
/// The sweep's reader from outside the process (an EventPipe session, as dotnet-counters does) on the real app as a
/// process of its own, under a few seconds of load: a sample a second, the pool, CPU, the app's own meter and the reasons.
/// </summary>
public sealed class RuntimeReaderTests(ITestOutputHelper log)
{
    [Fact]
    public async Task Under_Thread_Sleep_load_it_samples_every_second_the_pool_the_cpu_the_lab_meter_and_starvation()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log);
        await using var reader = RuntimeReader.Start(app.Id);

        // Act: 30 clients each holding a pool thread in Thread.Sleep(2000) for 6 s: the pool starves
        var answered = await ClosedLoad.HttpAsync(new Uri(app.BaseAddress, "/sleep/sync?ms=2000"), clients: 30, TimeSpan.FromSeconds(6));
        await Task.Delay(TimeSpan.FromSeconds(1.5));
        var samples = await reader.StopAsync(CancellationToken.None);

        // Assert
        foreach (var s in samples)
        {
            log.WriteLine($"{s.TimestampMs} threads {s.ThreadCount} queue {s.PendingWorkItems} done {s.CompletedWorkItems} "
                + $"in flight {s.RequestsInFlight} "
                + $"cpu {s.CpuPercent}% ws {s.WorkingSetBytes} heap {s.GcHeapBytes} locks {s.LockContentions} gc {s.GcPauseMs} ms; "
                + $"{string.Join(", ", s.Gauges!.Select(g => $"{g.Key}={g.Value}"))}; {PoolChangesText.Of(s.Adjustments!)}");
        }

        Assert.Null(reader.Problem);
        Assert.True(samples.Count >= 5, $"7.5 s of reading should give a sample a second; got {samples.Count} ({answered} answered)");
        Assert.All(samples.Zip(samples.Skip(1)), pair => Assert.InRange(pair.Second.TimestampMs - pair.First.TimestampMs, 500, 2500));
        Assert.All(samples, s => Assert.True(s.ThreadCount > 0 && s.WorkingSetBytes > 0, "threads and working set in every sample"));
        Assert.Contains(samples, s => s.PendingWorkItems > 0);
        Assert.Contains(samples, s => s.RequestsInFlight > 0);
        Assert.Contains(samples, s => s.CpuPercent > 0);
        Assert.All(samples, s => Assert.NotNull(s.LockContentions));
        Assert.Contains(samples, s => s.Gauge(GaugeKeys.ConnectionsOpen) >= 10);
        var starvation = samples[^1].Adjustments!.GetValueOrDefault(PoolAdjustmentReasons.Starvation);
        Assert.True(starvation?.ThreadsAdded >= 1, $"a pool starved by Thread.Sleep should get threads by starvation; got {starvation}");
    }

    [Fact]
    public async Task Blocking_on_GetResult_shows_cooperative_blocking_and_the_echo_sessions_of_the_lab_meter()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log);
        await using var reader = RuntimeReader.Start(app.Id);

        // Act: 30 WebSocket clients on the echo whose loop blocks on ReceiveAsync(...).GetAwaiter().GetResult()
        var echoed = await ClosedLoad.EchoAsync(app.WebSocket("/websocket/sync"), clients: 30, TimeSpan.FromSeconds(4));
        await Task.Delay(TimeSpan.FromSeconds(1.5));
        var samples = await reader.StopAsync(CancellationToken.None);

        // Assert
        var blocking = samples[^1].Adjustments!.GetValueOrDefault(PoolAdjustmentReasons.CooperativeBlocking);
        log.WriteLine($"{echoed} echoes; {PoolChangesText.Of(samples[^1].Adjustments!)}");
        Assert.True(blocking?.ThreadsAdded >= 10, $"30 clients blocked on GetResult add threads (cooperative blocking); got {blocking}");
        Assert.Contains(samples, s => s.Gauge(GaugeKeys.WebSocketSessions) >= 10);
        Assert.True(samples[^1].Gauge(GaugeKeys.WebSocketMessages) >= echoed, "the echo count is the app's running total");
    }

    [Fact]
    public async Task The_runtime_command_prints_a_line_a_second_and_writes_the_samples_it_read()
    {
        // Arrange
        await using var app = await AppUnderLoad.StartAsync(log);
        var json = Path.Combine(Path.GetTempPath(), $"capacity-runtime-{Guid.NewGuid():N}.jsonl");
        var pid = app.Id.ToString(System.Globalization.CultureInfo.InvariantCulture);

        try
        {
            // Act
            var (exitCode, output) = await CliProcess.RunAsync(
                log, TimeSpan.FromSeconds(60), "runtime", pid, "--seconds", "4", "--json", json);

            // Assert
            Assert.Equal(0, exitCode);
            Assert.Matches(@"\d\d:\d\d:\d\d  threads +\d+  queue +\d+  in flight +\d+  CPU +[\d.]+%", output);
            var samples = (await File.ReadAllLinesAsync(json))
                .Select(l => JsonSerializer.Deserialize<RuntimeSample>(l, WireJson.Options)!).ToList();
            Assert.True(samples.Count >= 2, $"4 s of reading should give a sample a second; got {samples.Count}");
            Assert.All(samples, s => Assert.InRange(s.ThreadCount, 1, int.MaxValue));
        }
        finally
        {
            File.Delete(json);
        }
    }

    [Fact]
    public async Task The_runtime_command_on_a_process_that_is_not_dotnet_exits_2_saying_why()
    {
        // Arrange
        using var other = System.Diagnostics.Process.Start("sleep", "30");

        try
        {
            // Act
            var pid = other.Id.ToString(System.Globalization.CultureInfo.InvariantCulture);
            var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromSeconds(60), "runtime", pid);

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
