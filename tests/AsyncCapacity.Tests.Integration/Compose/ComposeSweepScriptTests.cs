using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Compose;

/// <summary>
/// docker/sweep.sh, the compose flow's sweep service, run here with sh, the real CLI, real k6 and the real app: the .env
/// knobs become `capacity sweep` options, and the run ends with the sweep's exit code and the report.
/// </summary>
public sealed class ComposeSweepScriptTests
{
    private static readonly string Script = Path.Combine(Repository.Root, "docker", "sweep.sh");
    private static readonly string Capacity = $"dotnet {Path.Combine(AppContext.BaseDirectory, "capacity.dll")}";

    [Fact]
    public async Task Sweep_sh_is_valid_POSIX_sh()
    {
        // Act
        var (exitCode, _, errors) = await ShellProcess.RunAsync("sh", ["-n", Script], new Dictionary<string, string?>());

        // Assert
        Assert.True(exitCode == 0, $"sh -n exited {exitCode}: {errors}");
    }

    [Fact]
    public async Task Every_env_knob_reaches_the_CLI_as_its_option()
    {
        // Arrange
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act: DRY_RUN makes the CLI print the plan it would run
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["REPORT_NAME"] = "planned",
            ["APP_URL"] = "http://127.0.0.1:9",
            ["PROFILE"] = "quick",
            ["EXPERIMENTS"] = "sleep,content",
            ["STEPS"] = "1,10 sleep=1,5",
            ["SET"] = "sleep.ms=200,content.name=medium.json",
            ["SLA_P95_MS"] = "900",
            ["SLA_ERROR_PERCENT"] = "sleep=2",
            ["WARMUP_SECONDS"] = "1",
            ["STEP_SECONDS"] = "3",
            ["COOLDOWN_SECONDS"] = "4",
            ["SEARCH"] = "off",
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("Plan: profile quick (customised), 1 s warm-up + 3 s measured per probe, "
            + "against http://127.0.0.1:9/ (cool-down 4 s between probes).",
            output, StringComparison.Ordinal);
        Assert.Contains("Each variant: its steps only (--search off); the knee estimated from them.", output, StringComparison.Ordinal);
        Assert.Contains("sleep: sync, async × 1,5 clients, at most 2 probes each; ms=200; SLA p95 ≤ 900 ms, errors ≤ 2%",
            output, StringComparison.Ordinal);
        Assert.Contains("content: file, memory × 1,10 clients, at most 2 probes each; name=medium.json; SLA p95 ≤ 900 ms, errors ≤ 1%",
            output, StringComparison.Ordinal);
        Assert.Contains($"report in {reports}/planned.", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task PROBES_reaches_the_CLI_for_all_experiments_and_for_one()
    {
        // Arrange
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["APP_URL"] = "http://127.0.0.1:9",
            ["EXPERIMENTS"] = "sleep,content",
            ["PROBES"] = "6 sleep=12",
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("until the knee's 90% interval from every probe is within ±10% or the budget is spent", output,
            StringComparison.Ordinal);
        Assert.Contains("sleep: sync, async × 1,10,100,1000 clients, at most 16 probes each; ms=500;", output, StringComparison.Ordinal);
        Assert.Contains("content: file, memory × 1,10,100,1000 clients, at most 10 probes each; name=small.html;", output,
            StringComparison.Ordinal);
    }

    [Fact]
    public async Task Without_APP_URL_it_starts_a_fresh_app_per_probe_on_the_database_whose_service_resolves()
    {
        // Arrange: "localhost" stands for the postgres service's name, which resolves on compose's network
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["EXPERIMENTS"] = "sleep,db",
            ["POSTGRES_HOST"] = "localhost",
            ["POSTGRES_CONNECTION_STRING"] = "Host=localhost;Database=capacity;Username=postgres;Password=x",
            ["SQLSERVER_CONNECTION_STRING"] = "Server=mssql,1433;Database=tempdb",
            ["SQLSERVER_HOST"] = "no-such-host.invalid",
            ["DB_MAX_POOL_SIZE"] = "40",
            ["MIN_WORKER_THREADS"] = "8",
            ["DRY_RUN"] = "true",
        });

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("sweep: database PostgreSQL (service localhost); a fresh app for every probe, in this container",
            output, StringComparison.Ordinal);
        Assert.DoesNotContain("cool-down", output, StringComparison.Ordinal);
        Assert.Contains("Thread pool: the app's minimum worker threads set to 8 (--min-threads).", output, StringComparison.Ordinal);
        Assert.Contains("; PostgreSQL given, pool 40", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_bad_knob_fails_with_the_CLI_s_message_and_exit_code_1()
    {
        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = Directory.CreateTempSubdirectory("compose-sweep-").FullName,
            ["APP_URL"] = "http://127.0.0.1:9",
            ["SET"] = "sleep.ms=abc",
        });

        // Assert
        Assert.True(exitCode == 1, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("--set sleep.ms=abc: 'ms' must be a whole number from 0 to 10000; got 'abc'.", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task It_sweeps_the_running_app_with_real_k6_and_ends_with_the_report_and_exit_0()
    {
        // Arrange
        var reports = Directory.CreateTempSubdirectory("compose-sweep-").FullName;
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, output, errors) = await RunAsync(new()
        {
            ["REPORTS_DIR"] = reports,
            ["REPORT_NAME"] = "run",
            ["APP_URL"] = AppHostFixture.Address(app).ToString(),
            ["PROFILE"] = "quick",
            ["EXPERIMENTS"] = "sleep",
            ["STEPS"] = "1,2",
            ["SET"] = "sleep.ms=50",
            ["WARMUP_SECONDS"] = "0",
            ["STEP_SECONDS"] = "1",
            ["COOLDOWN_SECONDS"] = "0",
            ["SEARCH"] = "off",
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode == 0, $"sweep.sh exited {exitCode}:\n{output}\n{errors}");
        Assert.Contains("sweep: report in reports/run/index.html", output, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(reports, "run", "index.html")));
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(reports, "run", "results.json")));
        var sleep = Assert.Single(document.RootElement.GetProperty("experiments").EnumerateArray());
        var steps = sleep.GetProperty("variants").EnumerateArray().SelectMany(v => v.GetProperty("steps").EnumerateArray()).ToList();
        Assert.Equal(4, steps.Count);
        Assert.All(steps, step => Assert.InRange(step.GetProperty("requests").GetInt64(), 1, long.MaxValue));
    }

    private static Task<(int ExitCode, string Output, string Errors)> RunAsync(Dictionary<string, string?> environment)
    {
        foreach (var name in new[] { "PROFILE", "EXPERIMENTS", "STEPS", "SET", "SLA_P95_MS", "SLA_ERROR_PERCENT", "WARMUP_SECONDS",
            "STEP_SECONDS", "COOLDOWN_SECONDS", "SEARCH", "REPORT_NAME", "REPORTS_OWNER", "DRY_RUN", "APP_URL",
            "POSTGRES_CONNECTION_STRING", "SQLSERVER_CONNECTION_STRING", "POSTGRES_HOST", "SQLSERVER_HOST", "DB_MAX_POOL_SIZE",
            "MIN_WORKER_THREADS" })
        {
            environment.TryAdd(name, null);
        }

        environment["CAPACITY"] = Capacity;
        return ShellProcess.RunAsync("sh", [Script], environment);
    }
}
