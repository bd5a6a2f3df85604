using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// The capacity over time, as a user asks for it: sleep sync's knee from one short probe, then two loads held on fresh apps
/// with real k6, read second by second from k6's REST API and the runtime reader. 2 clients are met from the first second, so
/// that hold ends once met for 10 s, well before its 20 s horizon; 8 clients need threads the pool grows only by hill climbing.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class SustainedSweepTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-sustained-").FullName;

    [Fact]
    public async Task A_held_load_met_from_the_start_ends_early_and_every_hold_is_read_second_by_second()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(5),
            "sweep", "-e", "sleep:sync", "--steps", "2", "--search", "off", "--warmup", "1", "--step-seconds", "3",
            "--sustain", "20s", "--sustain-at", "2,8", "--out", _output);

        // Assert: the run and its holds, said as they ran
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Contains("holding 2 clients for up to 20 s from a cold app", console, StringComparison.Ordinal);
        Assert.Contains("held 2: caught up at ", console, StringComparison.Ordinal);
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        var sync = document.Experiments.Single().Variants.Single();
        var sustained = sync.Sustained!;
        Assert.Equal(20, sustained.HorizonSeconds);
        Assert.Equal([2, 8], sustained.Holds.Select(h => h.Concurrency));

        // Assert: 2 clients, two threads from the pool's minimum: met from the first seconds, stopped once met for 10 s
        var met = sustained.Holds[0];
        Assert.Equal(HoldEnd.CaughtUp, met.EndedBy);
        Assert.InRange(met.CaughtUpAt!.Value, 0, 3);
        Assert.InRange(met.HeldSeconds, met.CaughtUpAt.Value + sustained.ConfirmSeconds, 19);

        // Assert: every second of every held load counted by k6 and read by the runtime reader, the cost and the forecast kept
        Assert.All(sustained.Holds, hold =>
        {
            Assert.Equal(Enumerable.Range(0, hold.HeldSeconds), hold.Seconds.Select(s => s.Second));
            Assert.True(hold.Seconds.Sum(s => s.Requests) > 0, $"{hold.Concurrency}: no request counted");
            Assert.True(hold.Seconds.Count(s => s.PoolThreads is > 0) >= hold.HeldSeconds - 2, $"{hold.Concurrency}: threads unread");
            Assert.NotNull(hold.Cost?.WorkingSetMb);
            Assert.Equal(PoolInjection.HillClimbing, hold.Forecast?.By);
            Assert.NotNull(hold.MachineCpuPercent);
        });
        var heavier = sustained.Holds[1];
        Assert.True(heavier.EndedBy == HoldEnd.Horizon ? heavier.HeldSeconds == 20 : heavier.CaughtUpAt is not null, $"{heavier}");

        // Assert: the curve from the probe's knee at its horizon to the held load's horizon, and the capacity's own horizon
        Assert.Equal(sync.Capacity!.HorizonSeconds, sustained.KneeHorizonSeconds);
        Assert.Equal(20, sustained.Curve[^1].Seconds);
        Assert.True(sustained.Curve[^1].Low >= 2, $"{sustained.Curve[^1]}");
        Assert.NotNull(sustained.Steady);

        // Assert: the end of the sweep and the report lead with the curve
        Assert.Contains("    sync over time: ", console, StringComparison.Ordinal);
        var html = await File.ReadAllTextAsync(Path.Combine(_output, "index.html"));
        Assert.Contains("<canvas data-chart=\"capacity-curve\"", html, StringComparison.Ordinal);
        Assert.Contains("<p class=\"capacity-over-time\">", html, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        if (Environment.GetEnvironmentVariable("CAPACITY_KEEP_E2E") != "1")
        {
            Directory.Delete(_output, recursive: true);
        }
    }
}
