using System.Text.Json;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.K6Scripts;

/// <summary>k6-scripts/sweep.js run on its own with the real k6 against the real app, as a user would: one declaration each.</summary>
public sealed class K6SweepScriptTests
{
    private static readonly string Script = Path.Combine(Repository.Root, "k6-scripts", "sweep.js");

    public static TheoryData<string> WithoutDatabase => [.. ExperimentCatalog.All.Where(e => !e.UsesDatabase).Select(e => e.Id)];

    [Theory]
    [MemberData(nameof(WithoutDatabase))]
    public async Task Each_declared_experiment_sweeps_every_variant_into_a_results_file(string id)
    {
        // Arrange
        var experiment = ExperimentCatalog.Get(id);
        var results = Directory.CreateTempSubdirectory("k6-sweep-").FullName;
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();

        // Act
        var (exitCode, output, errors) = await RunAsync(results, new()
        {
            ["EXPERIMENT"] = id,
            ["BASE_URL"] = AppHostFixture.Address(app).ToString().TrimEnd('/'),
            ["STEPS"] = "1,2",
            // "+5": k6's rule (lib/parameters.js, the C# rule's twin) makes a value canonical.
            ["SET"] = string.Join(",", experiment.Parameters.Select(
                p => $"{p.Name}={(p.Type == ParameterType.WholeNumber ? $"+{Math.Max(5, p.Min ?? 5)}" : p.Default)}")),
        });
        await app.StopAsync();

        // Assert
        Assert.True(exitCode is 0 or 99, $"k6 exited {exitCode}:\n{output}\n{errors}");
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(results, "out.json")));
        var root = document.RootElement;
        Assert.Equal("asynccapacity-k6/1", root.GetProperty("format").GetString());
        Assert.Equal(id, root.GetProperty("experiment").GetString());
        Assert.Equal(
            experiment.Parameters.Select(p => (p.Name, p.Type == ParameterType.WholeNumber ? $"{Math.Max(5, p.Min ?? 5)}" : p.Default)),
            root.GetProperty("parameters").EnumerateObject().Select(p => (p.Name, p.Value.GetString()!)));
        var steps = root.GetProperty("steps").EnumerateArray().ToList();
        Assert.Equal(experiment.Variants.SelectMany(v => new[] { (v.Name, 1), (v.Name, 2) }),
            steps.Select(s => (s.GetProperty("variant").GetString()!, s.GetProperty("concurrency").GetInt32())));
        // A blocked echo shares this test process's thread pool with every other test running: a step of it may starve
        // before its first echo, and then it must say so in its failed sessions rather than report an empty success.
        Assert.All(steps, s => Assert.True(s.GetProperty("requests").GetInt32() > 0 || StarvedBlockingSessions(experiment, s),
            $"no request completed and no failed session reported: {s}"));
        Assert.All(steps, s => Assert.Equal(0, s.GetProperty("failed").GetInt32()));
    }

    [Theory]
    [InlineData("sleep", "ms=abc", "SET: 'ms' must be a whole number from 0 to 10000; got 'abc'.")]
    [InlineData("content", "name=x.bin", "SET: 'name' must be one of small.html, medium.json, large.bin; got 'x.bin'.")]
    [InlineData("sleep", "delay=3", "SET: sleep declares no parameter 'delay'; it declares ms.")]
    [InlineData("websocket", "sleep.ms=abc,websocket.tls=yes", "SET: 'tls' must be one of false, true; got 'yes'.")]
    public async Task A_parameter_the_rule_refuses_stops_k6_before_any_load_with_the_rules_message_and_no_app(
        string id, string set, string expected)
    {
        // Arrange: nothing listens on port 9; k6 must not need the app to judge a value.
        var results = Directory.CreateTempSubdirectory("k6-sweep-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAsync(results, new()
        {
            ["EXPERIMENT"] = id,
            ["SET"] = set,
            ["BASE_URL"] = "http://127.0.0.1:9",
        });

        // Assert
        Assert.Equal(107, exitCode);
        Assert.Contains(expected, output + errors, StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(results, "out.json")));
    }

    [Theory]
    [InlineData("nosuch", "", "EXPERIMENT=\\\"nosuch\\\": no declaration at")]
    [InlineData("sleep", "ms", "each entry is name=value or experiment.name=value; got \\\"ms\\\"")]
    public async Task A_bad_experiment_or_SET_syntax_stops_k6_before_any_load_with_exit_107(string id, string set, string expected)
    {
        // Arrange
        var results = Directory.CreateTempSubdirectory("k6-sweep-").FullName;

        // Act
        var (exitCode, output, errors) = await RunAsync(results,
            new() { ["EXPERIMENT"] = id, ["SET"] = set, ["BASE_URL"] = "http://127.0.0.1:9" });

        // Assert
        Assert.Equal(107, exitCode);
        Assert.Contains(expected, output + errors, StringComparison.Ordinal);
        Assert.False(File.Exists(Path.Combine(results, "out.json")));
    }

    private static bool StarvedBlockingSessions(Experiment experiment, JsonElement step) =>
        experiment.Variants.Single(v => v.Name == step.GetProperty("variant").GetString()).Blocking
        && Count(step, "connectionsFailed") + Count(step, "connectionsDropped") > 0;

    private static int Count(JsonElement step, string name) =>
        step.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.Number ? value.GetInt32() : 0;

    internal static async Task<(int ExitCode, string Output, string Errors)> RunAsync(
        string results, Dictionary<string, string?> environment)
    {
        var k6 = (await K6Tool.LocateAsync(new RepositoryLayout(Repository.Root), results, CancellationToken.None)).Path;
        foreach (var (name, value) in new Dictionary<string, string?>
        {
            ["WARMUP_SECONDS"] = "0",
            ["STEP_SECONDS"] = "1",
            ["COOLDOWN_SECONDS"] = "0",
            ["RESULTS_FILE"] = Path.Combine(results, "out.json"),
            ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false",
            ["VARIANTS"] = null,
            ["SLA_P95_MS"] = null,
            ["EXPERIMENTS_DIR"] = null,
        })
        {
            environment.TryAdd(name, value);
        }

        return await ShellProcess.RunAsync(k6, ["run", "--quiet", "--no-color", Script], environment);
    }
}
