using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// `capacity sweep --baseline` as a user runs it: the real app and bench/MinimalApp, each fresh, under real k6 on /hello
/// in alternating rounds, before the experiment; the ratio lands in results.json and in the report's header.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class BaselineSweepTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-baseline-").FullName;

    [Fact]
    public async Task A_sweep_with_the_baseline_measures_the_app_against_the_minimal_app_and_states_the_overhead()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(5),
            "sweep", "--baseline", "-e", "sleep", "--steps", "1", "--search", "off",
            "--set", "sleep.ms=5", "--warmup", "1", "--step-seconds", "3", "--out", _output);

        // Assert: the run showed each round, then the overhead
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Matches(@"round 1/2 minimal +[\d,]+ req/s", console);
        Assert.Matches(@"round 2/2 app +[\d,]+ req/s", console);
        Assert.Matches(@"Instrument overhead: the app's /hello at \d\.\d\d× a minimal ASP\.NET Core app's req/s", console);

        // Assert: both apps served real load, and the ratio is theirs. On 2 shared cores the ratio drifts; any figure
        // outside a third to three times would mean one side did not serve /hello at all.
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        var overhead = Assert.IsType<InstrumentOverhead>(document.Run.Overhead);
        Assert.Equal(("/hello", 50, 3.0, 2), (overhead.Route, overhead.Clients, overhead.Seconds, overhead.Rounds));
        Assert.True(overhead.AppRps > 100 && overhead.MinimalRps > 100, $"app {overhead.AppRps}, minimal {overhead.MinimalRps} req/s");
        Assert.Equal(Math.Round(overhead.AppRps / overhead.MinimalRps, 3), overhead.Ratio, 3);
        Assert.InRange(overhead.Ratio, 0.33, 3);
        Assert.InRange(overhead.LoadGeneratorCpuPercent ?? -1, 1, 100);
        Assert.True(File.Exists(Path.Combine(_output, "raw", "baseline-minimal-r2-k6.json")), "the rounds' raw k6 results are kept");

        // Assert: the report's header states it
        var html = await File.ReadAllTextAsync(Path.Combine(_output, "index.html"));
        Assert.Contains("Instrument overhead", html, StringComparison.Ordinal);
        Assert.Contains("the req/s of a minimal ASP.NET Core app (bench/MinimalApp)", html, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
