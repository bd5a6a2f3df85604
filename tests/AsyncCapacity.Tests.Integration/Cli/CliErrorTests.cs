using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>The real `capacity` process refusing what cannot work: one clear message, the documented exit code.</summary>
public sealed class CliErrorTests(ITestOutputHelper log)
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(2);

    [Theory]
    [InlineData("1", new[] { "sweep", "--profile", "huge" })]
    [InlineData("1", new[] { "sweep", "--steps", "1,x" })]
    [InlineData("1", new[] { "sweep", "-e", "nap" })]
    [InlineData("1", new[] { "report", "/nonexistent/results.json" })]
    [InlineData("1", new[] { "frobnicate" })]
    public async Task Bad_arguments_exit_1_with_a_message(string exitCode, string[] arguments)
    {
        // Act
        var (code, output) = await CliProcess.RunAsync(log, Timeout, arguments);

        // Assert
        Assert.Equal(int.Parse(exitCode, System.Globalization.CultureInfo.InvariantCulture), code);
        Assert.False(string.IsNullOrWhiteSpace(output));
        Assert.DoesNotContain("   at ", output, StringComparison.Ordinal); // a message, not a stack trace
    }

    [Fact]
    public async Task A_target_that_is_down_exits_2_saying_how_to_start_it()
    {
        // Act
        var (code, output) = await CliProcess.RunAsync(log, Timeout,
            "sweep", "-e", "sleep", "--target", "http://127.0.0.1:9", "--out", Path.Combine(Path.GetTempPath(), "capacity-down"));

        // Assert
        Assert.Equal(2, code);
        Assert.Contains("The target http://127.0.0.1:9/ is not answering /healthz. Start it", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_missing_k6_exits_2_saying_where_it_was_looked_for()
    {
        // Act
        var (code, output) = await CliProcess.RunAsync(log, Timeout,
            new Dictionary<string, string> { ["K6_PATH"] = "/nonexistent/k6" },
            "sweep", "-e", "sleep", "--out", Path.Combine(Path.GetTempPath(), "capacity-no-k6"));

        // Assert
        Assert.Equal(2, code);
        Assert.Contains("K6_PATH is set to '/nonexistent/k6', which does not exist", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Experiments_lists_every_declaration_for_people_and_as_JSON_for_scripts()
    {
        // Act
        var (code, listing) = await CliProcess.RunAsync(log, Timeout, "experiments");
        var (jsonCode, json) = await CliProcess.RunAsync(log, Timeout, "experiments", "--json");

        // Assert
        Assert.Equal(0, code);
        Assert.Contains("GET /sleep/sync", listing, StringComparison.Ordinal);
        Assert.Contains("--set sleep.ms=VALUE", listing, StringComparison.Ordinal);
        Assert.Contains("0..10000, default 500", listing, StringComparison.Ordinal);
        Assert.Equal(0, jsonCode);
        using var document = System.Text.Json.JsonDocument.Parse(json);
        var ids = document.RootElement.EnumerateArray().Select(e => e.GetProperty("id").GetString()).ToList();
        Assert.Equal(ExperimentCatalog.All.Select(e => e.Id), ids);
        var sleep = document.RootElement[0];
        Assert.Equal("/sleep/sync", sleep.GetProperty("variants")[0].GetProperty("route").GetString());
        Assert.Equal(10000, sleep.GetProperty("parameters")[0].GetProperty("max").GetInt32());
    }

    [Fact]
    public async Task A_dry_run_prints_the_plan_and_runs_nothing_while_bad_options_still_exit_1()
    {
        // Act
        var output = Path.Combine(Path.GetTempPath(), $"capacity-dry-{Guid.NewGuid():N}");
        var (code, plan) = await CliProcess.RunAsync(log, Timeout, "sweep", "--dry-run", "-e", "sleep,db", "--profile", "quick",
            "--set", "sleep.ms=200", "--steps", "db=1,10", "--out", output);
        var (badCode, refusal) = await CliProcess.RunAsync(log, Timeout, "sweep", "--dry-run", "--set", "sleep.ms=-5");

        // Assert
        Assert.Equal(0, code);
        Assert.Contains("sleep: sync, async × 1,10,100,1000 clients, at most 14 probes each; ms=200; SLA p95 ≤ 1000 ms",
            plan, StringComparison.Ordinal);
        Assert.Contains("db: sync, async × 1,10 clients, at most 12 probes each; ms=50", plan, StringComparison.Ordinal);
        Assert.Matches(@"At most 52 probes of about \d+ s each: at most [\d.]+ min", plan);
        Assert.False(Directory.Exists(output), "a dry run writes nothing");
        Assert.Equal(1, badCode);
        Assert.Contains("'ms' must be a whole number from 0 to 10000; got '-5'.", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Help_explains_the_sweep_and_its_exit_codes()
    {
        // Act
        var (code, output) = await CliProcess.RunAsync(log, Timeout, "--help");
        var (sweepCode, sweepHelp) = await CliProcess.RunAsync(log, Timeout, "sweep", "--help");

        // Assert
        Assert.Equal(0, code);
        Assert.Contains("2 harness failure", output, StringComparison.Ordinal);
        Assert.Equal(0, sweepCode);
        Assert.Contains("--profile <quick|standard>", sweepHelp, StringComparison.Ordinal);
        // what a probe of each profile lasts, as the profiles say (the help wraps lines at the console's width)
        Assert.Contains("quick: 2 s warm-up + 4 s measured per probe, a first look; standard: 3 s warm-up + 7 s measured per probe",
            Regex.Replace(sweepHelp, "\\s+", " "), StringComparison.Ordinal);
        Assert.Contains("--db-connection-string", sweepHelp, StringComparison.Ordinal);
        Assert.Contains("experiments", output, StringComparison.Ordinal);
    }
}
