using System.Text.Json;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Cli;

/// <summary>
/// `capacity runners testrun` and `merge` as a team with k6-operator would use them, the cluster played by this machine: the TestRun's
/// ConfigMap holds the test, which two real k6 runs with the execution segments the operator gives its two runners; their output, each
/// line prefixed as `kubectl logs --prefix` prefixes it, is merged and reported. What the operator itself does (pods, its starter) is not
/// run here.
/// </summary>
public sealed class RunnersCommandTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-runners-").FullName;

    [Fact]
    public async Task A_TestRuns_test_run_as_its_two_runners_merges_from_their_logs_into_one_result_the_report_reads()
    {
        // Arrange: the app the runners load
        await using var app = await AppUnderLoad.StartAsync(log);

        // Act: the TestRun for 100 clients on two runners
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(2), "runners", "testrun", "-e", "sleep:async",
            "--steps", "100", "--warmup", "1", "--step-seconds", "2", "--target", app.BaseAddress.ToString(), "--parallelism", "2",
            "--out", _folder);

        // Assert: one manifest, its test in its ConfigMap
        Assert.True(code == 0, $"runners testrun exited {code}:\n{output}");
        var manifest = Path.Combine(_folder, "capacity-sleep-async-c100.json");
        Assert.Contains($"{manifest}: sleep async at 100 concurrent clients on 2 runners", output, StringComparison.Ordinal);
        using var document = JsonDocument.Parse(await File.ReadAllTextAsync(manifest));
        var items = document.RootElement.GetProperty("items");
        var archive = Path.Combine(_folder, "test.tar");
        await File.WriteAllBytesAsync(archive,
            items[0].GetProperty("binaryData").GetProperty(TestRunManifest.ArchiveKey).GetBytesFromBase64());
        Assert.Equal(2, items[1].GetProperty("spec").GetProperty("parallelism").GetInt32());

        // Act: the two runners, as the operator starts them (its segments), their logs as kubectl gives them
        var k6 = (await K6Tool.LocateAsync(new RepositoryLayout(Repository.Root), _folder, CancellationToken.None)).Path;
        var runs = await Task.WhenAll(Enumerable.Range(0, 2).Select(i => ShellProcess.RunAsync(k6,
            ["run", "--quiet", "--no-color", "--execution-segment", $"{i}/2:{i + 1}/2", "--execution-segment-sequence", "0,1/2,1", archive],
            new Dictionary<string, string?> { ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false", ["K6_NO_USAGE_REPORT"] = "true" })));
        var logPath = Path.Combine(_folder, "capacity-sleep-async-c100.log");
        await File.WriteAllLinesAsync(logPath, runs.SelectMany((r, i) => (r.Output + r.Errors)
            .Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => $"[pod/capacity-sleep-async-c100-{i + 1}-x7k2p/k6] {line}")));
        Assert.All(runs, r => Assert.True(r.ExitCode is 0 or 99, $"k6 exited {r.ExitCode}: {r.Errors}"));

        // Act: merged, then reported
        var merged = Path.Combine(_folder, "merged-k6.json");
        var (mergeCode, mergeOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "runners", "merge", logPath, "--out", merged);
        var (reportCode, reportOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "report", merged, "--out",
            Path.Combine(_folder, "report"));

        // Assert: each runner's part named by its pod, the counts added, the SLA judged on all of them
        Assert.True(mergeCode == 0, $"runners merge exited {mergeCode}:\n{mergeOutput}");
        Assert.Matches(@"sleep async at 100 concurrent clients: [\d,]+ requests from 2 runners \([\d,]+ \+ [\d,]+\), p95 \d+ ms: meets the SLA",
            mergeOutput);
        var step = K6ResultsFile.Parse(await File.ReadAllTextAsync(merged), merged).Steps.Single();
        var runners = step.Runners!;
        Assert.Equal(["pod/capacity-sleep-async-c100-1-x7k2p/k6", "pod/capacity-sleep-async-c100-2-x7k2p/k6"], runners.Select(r => r.Runner));
        Assert.Equal(step.Requests, runners.Sum(r => r.Requests));
        Assert.Equal(step.SlaSplit!.Count, step.Requests - step.Failed);
        Assert.All(runners, r => Assert.InRange(r.Requests, 1, step.Requests - 1));
        Assert.True(reportCode == 0, $"capacity report exited {reportCode}:\n{reportOutput}");
        Assert.Contains("2 k6 runners, merged exactly", await File.ReadAllTextAsync(Path.Combine(_folder, "report", "index.html")),
            StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_log_without_a_runners_results_and_a_TestRun_without_its_target_are_refused_in_one_line()
    {
        var empty = Path.Combine(_folder, "cut.log");
        await File.WriteAllTextAsync(empty, "time=\"2026-11-29T16:27:45Z\" level=info msg=\"asynccapacity: scenarios start at 1\"\n");

        var (mergeCode, merge) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "runners", "merge", empty);
        var (testRunCode, testRun) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "runners", "testrun", "-e", "sleep:async");

        Assert.Equal(ExitCodes.BadArguments, mergeCode);
        Assert.Contains("No runner's results in cut.log", merge, StringComparison.Ordinal);
        Assert.Equal(ExitCodes.BadArguments, testRunCode);
        Assert.Contains("--target is needed: the app's URL as the runners in the cluster reach it", testRun, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
