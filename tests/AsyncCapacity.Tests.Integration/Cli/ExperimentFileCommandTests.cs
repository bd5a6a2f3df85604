using System.Text.Json;
using AsyncCapacity.Tests.Contracts;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>A user's declarations through the real CLI: printed by `capacity experiments --new`, planned, refused, and swept
/// with k6 against a running app.</summary>
public sealed class ExperimentFileCommandTests(ITestOutputHelper log) : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("experiment-file-");

    public void Dispose() => _folder.Delete(recursive: true);

    private string Write(string name, string json)
    {
        var path = Path.Combine(_folder.FullName, name);
        File.WriteAllText(path, json);
        return path;
    }

    [Fact]
    public async Task The_CLI_prints_a_new_declaration_that_plans_and_refuses_a_broken_one_with_exit_1()
    {
        // Arrange
        var (newExit, printed) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "experiments", "--new", "checkout");
        var good = Write("checkout.json", printed.Replace("/checkout/sync", "/api/checkout/blocking", StringComparison.Ordinal));
        var bad = Write("broken.json", printed.Replace("\"blocking\": false", "\"blocking\": \"no\"", StringComparison.Ordinal));

        // Act
        var (planExit, plan) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "sweep", "--experiment-file", good, "--dry-run");
        var (listExit, listing) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "experiments", "--experiment-file", good);
        var (badExit, refusal) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "sweep", "--experiment-file", bad, "--dry-run");

        // Assert
        Assert.Equal((0, 0, 0, 1), (newExit, planExit, listExit, badExit));
        Assert.Contains("  checkout: sync, async × 1,10,100,1000 clients", plan, StringComparison.Ordinal);
        Assert.DoesNotContain("sleep:", plan, StringComparison.Ordinal);
        Assert.Contains("GET /api/checkout/blocking", listing, StringComparison.Ordinal);
        Assert.Contains("broken.json: $.variants[1].blocking: expected true or false; got \"no\"", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_sweep_of_a_users_declaration_keeps_its_holds_in_results_json_and_reports_again()
    {
        // Arrange: the lab's sleep pair under another id, at a running app the sweep does not know.
        var naps = UserDeclaration.Orders.Replace("\"orders\"", "\"naps\"", StringComparison.Ordinal)
            .Replace("\"POST\"", "\"GET\"", StringComparison.Ordinal).Replace("/orders/", "/sleep/", StringComparison.Ordinal)
            .Replace("\"body\": { \"customer\": \"k6-{vu}\" },", "", StringComparison.Ordinal);
        var path = Write("naps.json", naps);
        var output = Path.Combine(_folder.FullName, "report");
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, _) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(3), "sweep", "--experiment-file", path,
            "--target", AppHostFixture.Address(app).ToString(), "--search", "off", "--steps", "1", "--warmup", "0", "--step-seconds", "1",
            "--cooldown", "0", "--set", "naps.ms=20", "--out", output);
        await app.StopAsync();
        var (reportExit, _) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "report", Path.Combine(output, "results.json"),
            "--out", Path.Combine(_folder.FullName, "again"));

        // Assert
        Assert.Equal((0, 0), (exitCode, reportExit));
        using var results = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(output, "results.json")));
        var experiment = Assert.Single(results.RootElement.GetProperty("experiments").EnumerateArray());
        Assert.Equal("naps", experiment.GetProperty("name").GetString());
        var sync = experiment.GetProperty("variants").EnumerateArray().Single(v => v.GetProperty("name").GetString() == "sync");
        Assert.Equal("threads", sync.GetProperty("holds")[0].GetProperty("resource").GetString());
        Assert.True(File.Exists(Path.Combine(_folder.FullName, "again", "index.html")));
    }
}
