using System.Text.Json;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Compare;

/// <summary>
/// `capacity compare` as a user types it, on real results files: the golden sweep of the sleep pair as the baseline, and
/// copies of it with one thing changed, as a user's second run would have (a knob, a faster step, another machine); the
/// runs recorded on this project's machines for the gate.
/// </summary>
public sealed class CompareCommandTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-compare-").FullName;

    private static readonly string GoldenFolder = Path.GetDirectoryName(GoldenPath("results-sleep.json"))!;

    private static ResultsDocument Baseline() => GoldenAsStored("results-sleep.json");

    [Fact]
    public async Task The_changed_knob_is_named_and_the_flipped_verdicts_are_listed()
    {
        // Arrange: the second run raised the pool's minimum, and its sync step at 10 clients met the SLA
        var baseline = Baseline();
        var raised = baseline with { Run = baseline.Run with { Settings = baseline.Run.Settings with { MinWorkerThreads = 200 } } };
        var second = WithStep(raised, "sync", 10, s => s with { MeetsSla = true, Rps = s.Rps * 3, P95Ms = 505, Flags = [] });

        // Act
        var (exitCode, output) = await CompareAsync(Save("before", baseline), Save("after", second));

        // Assert
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.Contains("--min-threads: 2 → 200", output, StringComparison.Ordinal);
        Assert.Contains("SLA verdicts flipped: sync at 10 clients missed → met.", output, StringComparison.Ordinal);
        Assert.Contains("+200%", output, StringComparison.Ordinal);
        Assert.DoesNotContain("warning:", output, StringComparison.Ordinal);
        Assert.Contains($"Comparison: {Path.Combine(_folder, "before", "compare.html")}", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Runs_written_before_predictions_are_compared_with_what_the_laws_predict()
    {
        // Arrange: the golden run is schema 1, from before predictions, and reading it does not predict
        var baseline = Baseline();
        Assert.All(baseline.Experiments.SelectMany(e => e.Variants), v => Assert.Null(v.Prediction));

        // Act
        var (exitCode, output) = await CompareAsync(Save("before", baseline), Save("after", baseline));

        // Assert: compare models each run it reads
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.Contains("predicted by the laws: ", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Runs_from_another_machine_with_other_steps_are_compared_with_a_warning_on_the_common_steps()
    {
        // Arrange
        var baseline = Baseline();
        var other = baseline with
        {
            Run = baseline.Run with { Machine = "laptop", Cores = 8 },
            Experiments = [.. baseline.Experiments.Select(e => e with
            {
                Variants = [.. e.Variants.Select(v => v with { Steps = [.. v.Steps.Where(s => s.Concurrency <= 50)] })],
            })],
        };

        // Act
        var (exitCode, output) = await CompareAsync(Save("here", baseline), Save("there", other));

        // Assert
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.Contains("warning: not like for like. Different machines", output, StringComparison.Ordinal);
        Assert.Contains("vm, 2 cores (here) vs laptop, 8 cores (there)", output, StringComparison.Ordinal);
        Assert.Contains("sleep: different steps (1,10,50,100,200,400 vs 1,10,50); only the loads every run measured are compared.",
            output, StringComparison.Ordinal);
        Assert.Contains("machine: vm (2 cores) → laptop (8 cores)", output, StringComparison.Ordinal);
        Assert.DoesNotContain("  sync         100", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Searched_runs_with_the_same_coarse_steps_are_like_for_like_whatever_their_searches_probed()
    {
        // Arrange: the same coarse pass; the second run's search also probed 75 clients
        var baseline = Baseline();
        var other = baseline with
        {
            Experiments = [.. baseline.Experiments.Select(e => e with
            {
                Variants = [.. e.Variants.Select(v => v with
                {
                    Steps = [.. v.Steps, v.Steps[^1] with { Concurrency = 75, Pass = ProbePass.Narrow }],
                })],
            })],
        };

        // Act
        var (exitCode, output) = await CompareAsync(Save("here", baseline), Save("there", other));

        // Assert
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.DoesNotContain("different steps", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Compare_html_is_self_contained_and_overlays_every_run()
    {
        // Arrange
        var baseline = Baseline();
        var writers = new Dictionary<string, string> { ["Audit__BoundedWriters"] = "25" };
        var second = baseline with { Run = baseline.Run with { Settings = baseline.Run.Settings with { AppSettings = writers } } };
        var third = WithStep(baseline, "async", 400, s => s with { Rps = s.Rps / 2 });

        // Act
        var (exitCode, output) = await CompareAsync(
            Save("one", baseline), Save("two", second), Save("three", third), "--out", Path.Combine(_folder, "out"));

        // Assert
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.Contains("Audit__BoundedWriters: (default) → 25 → (default)", output, StringComparison.Ordinal);
        var html = await File.ReadAllTextAsync(Path.Combine(_folder, "out", "compare.html"));
        Assert.DoesNotMatch("<script[^>]+src=|<link[^>]+href=\"http", html);
        Assert.Contains("new Chart(", html, StringComparison.Ordinal);
        // The charts come from the report's own model and script: every run × variant a line, the blocking ones dashed.
        var json = Regex.Match(html, "<script type=\"application/json\" id=\"report-model\">(.*?)</script>").Groups[1].Value;
        using var model = JsonDocument.Parse(json);
        var lines = model.RootElement.GetProperty("charts").EnumerateObject()
            .SelectMany(c => c.Value.GetProperty("datasets").EnumerateArray()).ToList();
        Assert.All(["one · sync", "two · async", "three · async"],
            label => Assert.Contains(lines, l => l.GetProperty("label").GetString() == label));
        Assert.All(lines.Where(l => l.GetProperty("label").GetString()!.EndsWith("· sync", StringComparison.Ordinal)),
            l => Assert.True(l.TryGetProperty("dash", out _)));
        Assert.Contains("req/s · one", html, StringComparison.Ordinal);
        Assert.Contains("Audit__BoundedWriters", html, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Two_websocket_runs_compare_in_messages_per_second_in_the_terminal_and_the_page()
    {
        // Arrange: the golden echo run, and a second run of it whose awaited echo was faster at 1000 clients
        var baseline = Golden("results-websocket.json");
        var faster = WithStep(baseline, "async", 1000, s => s with { Rps = s.Rps * 1.5 });

        // Act
        var (exitCode, output) = await CompareAsync(Save("ws-a", baseline), Save("ws-b", faster));

        // Assert
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.Contains("msg/s 1", output, StringComparison.Ordinal);
        Assert.DoesNotContain("req/s", output, StringComparison.Ordinal);
        var html = await File.ReadAllTextAsync(Path.Combine(_folder, "ws-a", "compare.html"));
        var text = VisibleText(html);
        Assert.Contains("msg/s · ws-a", text, StringComparison.Ordinal);
        Assert.Contains("Messages echoed vs concurrent clients", text, StringComparison.Ordinal);
        Assert.Contains("p95 round trip vs concurrent clients", text, StringComparison.Ordinal);
        Assert.DoesNotContain("req/s", text, StringComparison.Ordinal);
    }

    public static TheoryData<string, string[]> BadInputs => new()
    {
        { "Required argument missing", ["compare"] },
        {
            "does not exist. Give results.json files, or the report folders that hold them.",
            ["compare", "{folder}/nope", "{golden}/results-sleep.json"]
        },
        {
            "is a k6 results file, not a run's results.json: render it first",
            ["compare", "{golden}/k6-sleep.json", "{golden}/results-sleep.json"]
        },
        { "is not a valid results file", ["compare", "{folder}/garbage.json", "{golden}/results-sleep.json"] },
        { "holds no results.json", ["compare", "{folder}", "{golden}/results-sleep.json"] },
        {
            "These runs have no variant in common that ran in all of them: results-sleep: sleep sync and async; results-db: db sync and async.",
            ["compare", "{folder}/results-sleep/results.json", "{folder}/results-db/results.json"]
        },
        {
            "--noise-percent must be above 0 and below 100; got 0.",
            ["compare", "{golden}/results-sleep.json", "{golden}/results-db.json", "--noise-percent", "0"]
        },
    };

    [Theory]
    [MemberData(nameof(BadInputs))]
    public async Task Bad_or_mismatched_inputs_exit_1_with_a_message_naming_what_is_wrong(string expected, string[] arguments)
    {
        // Arrange
        await File.WriteAllTextAsync(Path.Combine(_folder, "garbage.json"), "{ not json");
        foreach (var name in new[] { "results-sleep", "results-db" })
        {
            Directory.CreateDirectory(Path.Combine(_folder, name));
            File.Copy(GoldenPath($"{name}.json"), Path.Combine(_folder, name, "results.json"), overwrite: true);
        }

        // Act
        var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1),
            [.. arguments.Select(a => a.Replace("{folder}", _folder, StringComparison.Ordinal)
                .Replace("{golden}", GoldenFolder, StringComparison.Ordinal))]);

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Contains(expected, output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_gate_exits_3_when_a_capacity_fell_significantly_and_0_between_runs_of_the_same_code()
    {
        // Act
        var (fell, fellOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "compare",
            Recorded("sleep-sync-min-threads-16"), Recorded("sleep-sync-1"), "--fail-below", "20", "--out", Path.GetTempPath());
        var (same, sameOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "compare",
            Recorded("db-sync-1"), Recorded("db-sync-2"), "--fail-below", "10", "--out", Path.GetTempPath());

        // Assert
        Assert.True(fell == 3, $"capacity compare exited {fell}:\n{fellOutput}");
        Assert.Contains("capacity fell: --fail-below 20%: sleep sync in run 2: −", fellOutput, StringComparison.Ordinal);
        Assert.True(same == 0, $"capacity compare exited {same}:\n{sameOutput}");
        Assert.Contains("--fail-below 10%: no capacity fell by more than that, significantly.", sameOutput, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_gate_does_not_fail_on_a_fall_between_horizons_where_the_pool_grew_and_names_what_it_did_not_gate()
    {
        // Act: the standard run (10 s under load) as the baseline, the quick one (6 s) after it: websocket sync 54 → 35
        var (exitCode, output) = await CompareAsync(Path.Combine(Repository.Root, "docs", "workshop", "runs", "standard-all-six.json"),
            Path.Combine(Repository.Root, "tests", "Shared", "Golden", "recorded", "websocket-1.json"), "--fail-below", "20", "--out", _folder);

        // Assert
        Assert.True(exitCode == 0, $"capacity compare exited {exitCode}:\n{output}");
        Assert.Contains("capacity at SLA, sync: 54 concurrent clients (90%: 49–58) at 229 msg/s, 10 s under load → 35 concurrent "
            + "clients (90%: 32–37) at 708 msg/s, 6 s under load", output, StringComparison.Ordinal);
        Assert.Contains("--fail-below 20%: no capacity fell by more than that, significantly. Not gated: websocket sync, judged at "
            + "different times under load while the pool grew (see above).", output, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private Task<(int ExitCode, string Output)> CompareAsync(params string[] arguments) =>
        CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), ["compare", .. arguments]);

    private string Save(string name, ResultsDocument document)
    {
        var folder = Path.Combine(_folder, name);
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "results.json"), ResultsJson.Serialize(document));
        return folder;
    }

    private static string Recorded(string name) => GoldenPath(Path.Combine("recorded", $"{name}.json"));
}
