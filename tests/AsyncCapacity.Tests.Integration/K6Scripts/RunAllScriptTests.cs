using System.Text.Json;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.K6Scripts;

/// <summary>
/// k6-scripts/run-all.sh, the way to sweep every experiment with k6 alone (no CLI), run here with the real k6 and sh;
/// it keeps to POSIX sh, so that it also runs in the grafana/k6 image (busybox).
/// </summary>
public sealed class RunAllScriptTests
{
    private static readonly string Script = Path.Combine(Repository.Root, "k6-scripts", "run-all.sh");

    [Fact]
    public async Task Run_all_sh_is_valid_POSIX_sh()
    {
        // Act
        var (exitCode, _, errors) = await ShellProcess.RunAsync("sh", ["-n", Script], new Dictionary<string, string?>());

        // Assert
        Assert.True(exitCode == 0, $"sh -n exited {exitCode}: {errors}");
    }

    [Fact]
    public async Task Run_all_sh_fails_at_once_naming_k6_and_K6_PATH_when_k6_is_missing()
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAllAsync(new() { ["K6_PATH"] = "/nonexistent/k6", ["RESULTS_DIR"] = results });

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Equal("", output);
        Assert.Contains("k6 not found ('/nonexistent/k6')", errors, StringComparison.Ordinal);
        Assert.Contains("K6_PATH", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_all_sh_refuses_an_unknown_experiment_before_running_any()
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        var k6 = await LocateK6Async(results);

        // Act
        var (exitCode, output, errors) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["EXPERIMENTS"] = "sleep,nosuch",
        });

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Equal("", output);
        Assert.Contains("unknown experiment 'nosuch'", errors, StringComparison.Ordinal);
        Assert.Contains($"(declared: {string.Join(' ', ExperimentCatalog.All.Select(e => e.Id))} )", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_all_sh_sweeps_with_real_k6_into_a_results_file_and_a_missed_SLA_is_a_finding_not_a_failure()
    {
        // Arrange: the real app on loopback; a 1 ms SLA that a 50 ms sleep must miss, so k6 exits 99
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        await File.WriteAllTextAsync(Path.Combine(results, "db-k6.json"), "{ \"from\": \"an earlier run\" }");
        var k6 = await LocateK6Async(results);
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, output, errors) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["BASE_URL"] = AppHostFixture.Address(app).ToString().TrimEnd('/'),
            ["EXPERIMENTS"] = "sleep",
            ["VARIANTS"] = "async",
            ["STEPS"] = "1",
            ["WARMUP_SECONDS"] = "0",
            ["STEP_SECONDS"] = "1",
            ["COOLDOWN_SECONDS"] = "0",
            ["SET"] = "sleep.ms=50,db.ms=7",
            ["SLA_P95_MS"] = "1",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode == 0, $"run-all.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("[1/1] sleep done: some steps missed the SLA (k6 exit code 99", output, StringComparison.Ordinal);
        Assert.Contains("ran: sleep; results: sleep-k6.json", output, StringComparison.Ordinal);
        Assert.Equal(["sleep-k6.json"], Directory.GetFiles(results, "*-k6.json").Select(Path.GetFileName));
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(results, "sleep-k6.json")));
        Assert.Equal("asynccapacity-k6/1", document.RootElement.GetProperty("format").GetString());
        var step = Assert.Single(document.RootElement.GetProperty("steps").EnumerateArray());
        Assert.InRange(step.GetProperty("requests").GetInt32(), 1, int.MaxValue);
        Assert.Equal("50", document.RootElement.GetProperty("parameters").GetProperty("ms").GetString());
    }

    [Fact]
    public async Task Without_EXPERIMENTS_run_all_sh_takes_every_declaration_in_its_declared_order()
    {
        // Arrange: a target that is down stops the first sweep, after the plan is printed
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        var k6 = await LocateK6Async(results);

        // Act
        var (_, output, _) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["BASE_URL"] = $"http://127.0.0.1:{ClosedPort.Find()}",
        });

        // Assert
        Assert.Contains($"experiments: {string.Join(' ', ExperimentCatalog.All.Select(e => e.Id))};", output, StringComparison.Ordinal);
        Assert.Contains("[1/", output, StringComparison.Ordinal);
        var sleep = ExperimentCatalog.Get("sleep");
        Assert.Contains($"sleep: {sleep.Variants.Count * sleep.Steps.Count} steps", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_all_sh_fails_naming_the_k6_exit_code_when_the_target_is_down()
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("run-all-").FullName;
        var k6 = await LocateK6Async(results);

        // Act
        var (exitCode, _, errors) = await RunAllAsync(new()
        {
            ["K6_PATH"] = k6,
            ["RESULTS_DIR"] = results,
            ["BASE_URL"] = $"http://127.0.0.1:{ClosedPort.Find()}",
            ["EXPERIMENTS"] = "sleep",
        });

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Contains("sleep did not run to the end: k6 exited with code 108", errors, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(results, "*-k6.json"));
    }

    private static async Task<string> LocateK6Async(string logDirectory) =>
        (await K6Tool.LocateAsync(new RepositoryLayout(Repository.Root), logDirectory, CancellationToken.None)).Path;

    private static Task<(int ExitCode, string Output, string Errors)> RunAllAsync(Dictionary<string, string?> environment)
    {
        foreach (var name in new[] { "BASE_URL", "EXPERIMENTS", "STEPS", "VARIANTS", "WARMUP_SECONDS", "STEP_SECONDS", "COOLDOWN_SECONDS",
            "SLA_P95_MS", "SLA_ERROR_RATE", "REQUEST_TIMEOUT", "SET", "EXPERIMENTS_DIR" })
        {
            environment.TryAdd(name, null);
        }

        environment.TryAdd("K6_NEW_MACHINE_READABLE_SUMMARY", "false");
        return ShellProcess.RunAsync("sh", [Script], environment);
    }
}
