using System.Text.Json;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.K6Scripts;

/// <summary>
/// One judge: a step whose clients mostly got no answer is judged the same by `k6 run k6-scripts/sweep.js` on its own
/// (its table, its results file, its exit code) and by the report made from that file, because both run
/// k6-scripts/lib/judge.js. The step is starved for real: the blocking sleep on a fresh app process, whose pool
/// starts with a thread per core and adds one or two a second.
/// </summary>
public sealed class StarvedStepVerdictTests(ITestOutputHelper log) : IDisposable
{
    private const int Starved = 200;

    private readonly string _folder = Directory.CreateTempSubdirectory("one-judge-").FullName;

    [Fact]
    public async Task A_step_with_unanswered_clients_misses_the_SLA_alike_in_k6_alone_and_in_the_report()
    {
        // Arrange: a fresh app, as the sweep starts it
        var layout = new RepositoryLayout(Repository.Root);
        await WebApp.BuildAsync(layout, _folder, CancellationToken.None);
        var resultsFile = Path.Combine(_folder, "sleep-k6.json");
        (int ExitCode, string Output, string Errors) k6;
        await using (var app = await WebApp.StartAsync(layout, new Dictionary<string, string>(),
            Path.Combine(_folder, "app.log"), CancellationToken.None))
        {
            // Act: k6 on its own, 200 clients on Thread.Sleep(500 ms) for a 4 s window, SLA p95 2.5 s; 1 client as the control.
            // (With 30, a pool that injected threads quickly answered 47 requests in the window, every client once: the
            // step then missed by its p95 alone. 200 stay starved: even 12 threads answer under 100 in 4 s.)
            var path = (await K6Tool.LocateAsync(layout, _folder, CancellationToken.None)).Path;
            k6 = await ShellProcess.RunAsync(path, ["run", "--quiet", "--no-color",
                Path.Combine(Repository.Root, "k6-scripts", "sweep.js")],
                new Dictionary<string, string?>
                {
                    ["EXPERIMENT"] = "sleep",
                    ["BASE_URL"] = app.Url.ToString().TrimEnd('/'),
                    ["VARIANTS"] = "sync",
                    ["STEPS"] = $"1,{Starved}",
                    ["SET"] = "ms=500",
                    ["WARMUP_SECONDS"] = "1",
                    ["STEP_SECONDS"] = "4",
                    ["COOLDOWN_SECONDS"] = "0",
                    ["SLA_P95_MS"] = "2500",
                    ["SLA_ERROR_RATE"] = "0.01",
                    ["RESULTS_FILE"] = resultsFile,
                    ["K6_NEW_MACHINE_READABLE_SUMMARY"] = "false",
                    ["EXPERIMENTS_DIR"] = null,
                });
        }

        log.WriteLine(k6.Output + k6.Errors);
        var (reportExit, reportOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "report", resultsFile, "--out", _folder);

        // Assert: k6 alone says the starved step missed, because its clients went unanswered, and exits 99
        Assert.True(k6.ExitCode == 99, $"k6 exited {k6.ExitCode}:\n{k6.Output}\n{k6.Errors}");
        Assert.True(reportExit == 0, $"capacity report exited {reportExit}:\n{reportOutput}");
        using var file = JsonDocument.Parse(await File.ReadAllTextAsync(resultsFile));
        var k6Steps = file.RootElement.GetProperty("steps").EnumerateArray()
            .ToDictionary(s => s.GetProperty("concurrency").GetInt32(), s => (Meets: s.GetProperty("meetsSla").GetBoolean(),
                Missed: s.GetProperty("missed").EnumerateArray().Select(m => m.GetString()!).ToList(),
                Judged: s.GetProperty("judged").GetBoolean()));
        Assert.True(k6Steps[1].Meets, "one client is served within the SLA");
        Assert.False(k6Steps[Starved].Meets);
        Assert.Contains("clients", k6Steps[Starved].Missed);
        Assert.Matches($@"sync +{Starved} .*✗ .*clients", k6.Output);
        // One client answers 8 requests in 4 s: too few for a p95, not judged; the starved step misses by its clients, judged
        Assert.Equal((false, true), (k6Steps[1].Judged, k6Steps[Starved].Judged));
        Assert.Matches(@"sync +1 .*\(✓\) not judged: \d+ requests, fewer than 20 for a p95", k6.Output);

        // Assert: the report made from k6's file gives every step the same verdict, for the same conditions
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_folder, "results.json")), "results.json");
        var reported = Assert.Single(Assert.Single(document.Experiments).Variants).Steps;
        Assert.All(reported, step =>
        {
            Assert.Equal(k6Steps[step.Concurrency].Meets, step.MeetsSla);
            Assert.Equal(k6Steps[step.Concurrency].Missed, step.Missed);
            Assert.Equal(k6Steps[step.Concurrency].Judged, step.Judged);
        });
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
