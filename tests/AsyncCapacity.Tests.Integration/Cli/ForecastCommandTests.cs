using System.Text.Json.Nodes;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Docs;
using AsyncCapacity.Tests.Docs;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity forecast` as a trainer runs it, in a second and without a sweep; and a forecast asked without its load.
/// </summary>
public sealed class ForecastCommandTests(ITestOutputHelper log)
{
    [Fact]
    public async Task A_load_blocked_on_a_task_is_forecast_caught_up_and_a_sleeping_one_never()
    {
        // Act: 100 clients for 2 minutes, as lab 3 holds them
        var (blockedCode, blocked) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1),
            "forecast", "--how", "waits-on-task", "--clients", "100", "--for", "2m", "--cores", "2", "--runs", "5");
        var (sleepingCode, sleeping) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1),
            "forecast", "--how", "sleeps", "--clients", "100", "--for", "2m", "--cores", "2", "--runs", "5");

        // Assert: cooperative blocking's four threads a second reach a thread per client in about 24 s; hill climbing does not
        Assert.True(blockedCode == 0, blocked);
        Assert.Matches(@"Caught up within the SLA \(p95 ≤ 1 s\): at 2\d s in 5 of 5 runs\.", blocked);
        Assert.True(sleepingCode == 0, sleeping);
        Assert.Contains("Caught up within the SLA (p95 ≤ 1 s): never within 2 min, in 5 of 5 runs.", sleeping, StringComparison.Ordinal);
        Assert.Contains("  second   pool threads        p95", sleeping, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_recorded_runs_held_loads_are_set_beside_their_forecast()
    {
        // Arrange
        var record = Path.Combine(Directory.CreateTempSubdirectory("capacity-forecast-").FullName, "check.json");

        // Act
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(2),
            "forecast", "--check", Path.Combine(WorkshopPages.Runs, "lab3-sleep-held-min100.json"), "--runs", "3", "--record", record);

        // Assert: 100 clients on a pool pre-grown to 100 threads, met from the first second, as forecast
        Assert.True(code == 0, output);
        Assert.Contains("| lab3-sleep-held-min100 | sleep sync | 100 | at 0 s | at 0 s in 3 of 3 simulated runs | 100% of 9 s |", output, StringComparison.Ordinal);
        Assert.Contains("1 of 1 held loads hold", output, StringComparison.Ordinal);

        // Assert: the record the docs render the same table from, with the command that made it
        var recorded = ForecastChecks.FromJson(await File.ReadAllTextAsync(record));
        Assert.Equal(3, recorded.Runs);
        Assert.StartsWith("capacity forecast --check ", recorded.Command, StringComparison.Ordinal);
        Assert.Equal(ForecastTable.Of(recorded with { Command = null }), output.ReplaceLineEndings("\n"));
        Directory.Delete(Path.GetDirectoryName(record)!, recursive: true);
    }

    [Fact]
    public async Task A_run_recorded_before_the_simulation_gets_its_forecasts_again_and_keeps_everything_it_measured()
    {
        // Arrange: lab 3's held load, its forecast put back to the laws' bound a run recorded before the simulation carries
        var folder = Directory.CreateTempSubdirectory("capacity-refresh-").FullName;
        var run = Path.Combine(folder, "held.json");
        var json = JsonNode.Parse(await File.ReadAllTextAsync(Path.Combine(WorkshopPages.Runs, "lab3-sleep-held.json")))!;
        var forecast = Forecasts(json).Single();
        forecast.Remove("simulated");
        forecast["earliest"] = true;
        forecast["caughtUpAt"] = 14;
        await File.WriteAllTextAsync(run, json.ToJsonString());

        // Act
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "forecast", "--refresh", run);

        // Assert: the band is the forecast, and the curve's forecast is read between the held loads' new ones; every other field is
        // as it was
        Assert.True(code == 0, output);
        Assert.Contains("held.json: 1 held load forecast again", output, StringComparison.Ordinal);
        var refreshed = JsonNode.Parse(await File.ReadAllTextAsync(run))!;
        Assert.Equal(10, (int)Forecasts(refreshed).Single()["simulated"]!["runs"]!);
        Assert.False((bool)Forecasts(refreshed).Single()["earliest"]!);
        var document = ResultsJson.Deserialize(refreshed.ToJsonString(), run);
        Assert.All(document.Experiments.SelectMany(e => e.Variants).Select(v => v.Sustained).OfType<Sustained>(), sustained =>
            Assert.All(sustained.Curve, at => Assert.Equal(
                SustainedAnalysis.ForecastAt(sustained.Holds, sustained.HorizonSeconds, at.Seconds), at.Predicted)));
        foreach (var node in Forecasts(json).Concat(Forecasts(refreshed)))
        {
            node.Parent!.AsObject().Remove("forecast");
        }

        foreach (var point in new[] { json, refreshed }.SelectMany(r => r["experiments"]!.AsArray().SelectMany(e => e!["variants"]!.AsArray()))
            .SelectMany(v => v!["sustained"]?["curve"]?.AsArray() ?? []).OfType<JsonObject>())
        {
            point.Remove("predicted");
        }

        Assert.True(JsonNode.DeepEquals(json, refreshed), "a measurement changed");
        Directory.Delete(folder, recursive: true);
    }

    private static List<JsonObject> Forecasts(JsonNode run) =>
        [.. run["experiments"]!.AsArray().SelectMany(e => e!["variants"]!.AsArray())
            .SelectMany(v => v!["sustained"]?["holds"]?.AsArray() ?? [])
            .Select(h => h!["forecast"]).OfType<JsonObject>()];

    [Fact]
    public async Task A_forecast_without_its_load_says_what_to_give_and_exits_1()
    {
        // Act
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "forecast", "--how", "sleeps");

        // Assert
        Assert.Equal(1, code);
        Assert.Contains("Give --clients N", output, StringComparison.Ordinal);
    }
}
