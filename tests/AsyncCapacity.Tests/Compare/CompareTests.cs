using System.Text.Json;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Report;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Compare;

/// <summary>
/// `capacity compare` on real results files: the golden sweep of the sleep pair as the baseline, and copies of it with
/// one thing changed, as a user's second run would have (a knob, a faster step, a flipped verdict, another machine).
/// </summary>
public sealed class CompareTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-compare-").FullName;

    private static readonly string Golden = Path.Combine(Repository.Root, "tests", "AsyncCapacity.Tests", "Golden");

    private static ResultsDocument Baseline() =>
        ResultsJson.Deserialize(File.ReadAllText(Path.Combine(Golden, "results-sleep.json")), "results-sleep.json");

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
        Assert.True(exitCode == 0, output);
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
        Assert.True(exitCode == 0, output);
        Assert.Contains("predicted by the laws: ", output, StringComparison.Ordinal);
    }

    [Fact]
    public void A_change_inside_the_noise_is_not_called_a_change_and_one_beyond_it_is()
    {
        // Arrange
        var baseline = Baseline();
        var second = WithStep(WithStep(baseline, "async", 50, s => s with { Rps = s.Rps * 1.05 }),
            "async", 100, s => s with { Rps = s.Rps * 0.7 });

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var async = comparison.Experiments.Single().Variants.Single(v => v.Name == "async");
        Assert.Equal(ChangeKind.Noise, async.Steps.Single(s => s.Concurrency == 50).RpsChanges[1]!.Kind);
        Assert.Equal("+5% ~", async.Steps.Single(s => s.Concurrency == 50).RpsChanges[1]!.Text);
        var slower = async.Steps.Single(s => s.Concurrency == 100).RpsChanges[1]!;
        Assert.Equal(ChangeKind.Change, slower.Kind);
        Assert.Equal("−30%", slower.Text);
        Assert.Empty(comparison.Differences);
    }

    [Fact]
    public void A_changed_probe_budget_is_a_setting_that_differs_and_a_run_that_did_not_record_it_differs_in_nothing()
    {
        // Arrange: the same run given 10 and 16 probes, and once as written before results.json kept its plan
        var baseline = Baseline();
        ResultsDocument Given(int? probes) => baseline with
        {
            Experiments = [.. baseline.Experiments.Select(e => e with
            {
                Plan = probes is null ? null : new ProbePlan([1, 10, 100], probes, 3 + probes.Value),
            })],
        };

        // Act
        var changed = RunComparison.Of([new("a", Given(10)), new("b", Given(16))], new NoiseRule(10));
        var older = RunComparison.Of([new("a", Given(null)), new("b", Given(10))], new NoiseRule(10));

        // Assert
        var probes = Assert.Single(changed.Differences);
        Assert.Equal("sleep --probes", probes.Name);
        Assert.Equal(["10", "16"], probes.Values);
        Assert.Contains("sleep --probes", CompareText.Render(changed), StringComparison.Ordinal);
        Assert.Empty(older.Differences);
    }

    [Fact]
    public void A_step_flagged_in_either_run_is_shown_but_not_judged()
    {
        // Arrange: the baseline's sync step at 400 clients is flagged
        var baseline = Baseline();
        var second = WithStep(baseline, "sync", 400, s => s with { Rps = s.Rps * 2, Flags = [] });
        Assert.NotEmpty(baseline.Experiments[0].Variants[0].Steps.Single(s => s.Concurrency == 400).Flags);

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var step = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 400);
        Assert.Equal(ChangeKind.Untrusted, step.RpsChanges[1]!.Kind);
        Assert.NotEmpty(step.FlagsInOneRunOnly);
    }

    [Fact]
    public void A_flag_both_runs_raised_with_other_figures_is_not_a_flag_of_one_run_only()
    {
        // Arrange: both runs' sync step at 400 clients had a busy machine, at 94% and 95%; only the second dropped sessions
        var baseline = WithStep(Baseline(), "sync", 400, s => s with { Flags = [Busy(94, 59)] });
        var second = WithStep(baseline, "sync", 400, s => s with
        {
            Flags = [Busy(95, 54), new(StepFlagKind.SessionsLost) { Count = 3, SessionsDropped = 0 }],
        });

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var step = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 400);
        Assert.StartsWith("3 sessions failed to open and 0 dropped before the step's end", Assert.Single(step.FlagsInOneRunOnly),
            StringComparison.Ordinal);
        Assert.EndsWith("(run 2)", step.FlagsInOneRunOnly[0], StringComparison.Ordinal);

        static StepFlag Busy(double machine, double k6) => new(StepFlagKind.BusyMachine) { Percent = machine, LoadGeneratorPercent = k6 };
    }

    [Fact]
    public void A_flag_read_as_a_sentence_is_the_same_flag_as_another_whose_figures_alone_differ()
    {
        // Arrange: results files written when flags were sentences
        var baseline = WithStep(Baseline(), "sync", 400, s => s with { Flags = [StepFlag.Legacy("The machine's CPU was 94% busy: …")] });
        var second = WithStep(baseline, "sync", 400, s => s with
        {
            Flags = [StepFlag.Legacy("The machine's CPU was 95% busy: …"), StepFlag.Legacy("3 sessions failed to open and 0 dropped")],
        });

        // Act
        var comparison = RunComparison.Of([new("a", baseline), new("b", second)], new NoiseRule(10));

        // Assert
        var step = comparison.Experiments.Single().Variants.Single(v => v.Name == "sync").Steps.Single(s => s.Concurrency == 400);
        Assert.Equal("3 sessions failed to open and 0 dropped (run 2)", Assert.Single(step.FlagsInOneRunOnly));
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
        Assert.True(exitCode == 0, output);
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
        Assert.True(exitCode == 0, output);
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
        Assert.True(exitCode == 0, output);
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
        var baseline = ReportPages.Golden("results-websocket.json");
        var faster = WithStep(baseline, "async", 1000, s => s with { Rps = s.Rps * 1.5 });

        // Act
        var (exitCode, output) = await CompareAsync(Save("ws-a", baseline), Save("ws-b", faster));

        // Assert
        Assert.True(exitCode == 0, output);
        Assert.Contains("msg/s 1", output, StringComparison.Ordinal);
        Assert.DoesNotContain("req/s", output, StringComparison.Ordinal);
        var html = await File.ReadAllTextAsync(Path.Combine(_folder, "ws-a", "compare.html"));
        var text = ReportPages.VisibleText(html);
        Assert.Contains("msg/s · ws-a", text, StringComparison.Ordinal);
        Assert.Contains("Messages echoed vs concurrent clients", text, StringComparison.Ordinal);
        Assert.Contains("p95 round trip vs concurrent clients", text, StringComparison.Ordinal);
        Assert.DoesNotContain("req/s", text, StringComparison.Ordinal);
    }

    [Fact]
    public void A_variant_only_some_runs_swept_is_named_and_not_compared_and_runs_with_none_in_common_compare_nothing()
    {
        // Arrange: lab 10's mistake, the blocking variant in one run and its async twin in the other
        var baseline = Baseline();
        var experiment = baseline.Experiments.Single();
        ResultsDocument Only(string variant) =>
            baseline with { Experiments = [experiment with { Variants = [.. experiment.Variants.Where(v => v.Name == variant)] }] };

        // Act
        var partly = RunComparison.Of([new("both", baseline), new("sync", Only("sync"))], new NoiseRule(10));
        var apart = RunComparison.Of([new("sync", Only("sync")), new("async", Only("async"))], new NoiseRule(10));

        // Assert
        Assert.Equal(["sync"], partly.Experiments.Single().Variants.Select(v => v.Name));
        Assert.Contains("sleep async: only in both", partly.OnlyInSomeRuns);
        Assert.Empty(apart.Experiments);
        Assert.Equal(["sleep sync: only in sync", "sleep async: only in async"], apart.OnlyInSomeRuns);
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
            File.Copy(Path.Combine(Golden, $"{name}.json"), Path.Combine(_folder, name, "results.json"), overwrite: true);
        }

        // Act
        var (exitCode, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1),
            [.. arguments.Select(a => a.Replace("{folder}", _folder, StringComparison.Ordinal)
                .Replace("{golden}", Golden, StringComparison.Ordinal))]);

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Contains(expected, output, StringComparison.Ordinal);
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

    private static ResultsDocument WithStep(ResultsDocument run, string variant, int load, Func<StepResult, StepResult> change) => run with
    {
        Experiments = [.. run.Experiments.Select(e => e with
        {
            Variants = [.. e.Variants.Select(v => v.Name != variant ? v : v with
            {
                Steps = [.. v.Steps.Select(s => s.Concurrency == load ? change(s) : s)],
            })],
        })],
    };
}
