using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// `capacity sweep --model open` as a user runs it: real k6 offering a fixed arrival rate to the real app (a fresh
/// process per step). The blocking sleep cannot keep up with 40 arrivals/s of 500 ms each on a cold pool, so k6 runs
/// out of waiting clients and drops arrivals, which must count as errors; the awaiting sleep serves every arrival.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class OpenModelSweepTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-open-").FullName;

    // One run at each end: the test checks the model's mechanics (dropped arrivals, the labels), not figures. The window is
    // 5 s: in 2 s a cold blocking pool completes nothing at 40 arrivals/s, and drops none; and at the blocking knee (about 4
    // arrivals/s) the quick profile's 4 s hold 16 requests, too few to judge a p95 (20), so the search never brackets it.
    // One search probe a variant, at the laws' knee: the blocking one is bracketed below 40 by it (each of its probes costs
    // 10-20 s: its queue drains after the window), the awaiting one met 40 already.
    [Fact]
    public async Task An_open_model_quick_sweep_searches_arrival_rates_counts_dropped_arrivals_and_labels_the_report_by_offered_rate()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(10),
            "sweep", "--model", "open", "--rates", "40", "-e", "sleep", "--set", "sleep.ms=500", "--profile", "quick",
            "--warmup", "1", "--step-seconds", "5", "--probes", "1", "--stacks", "off", "--out", _output);

        // Assert: the run
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Matches(@"\[sleep async\] probe 1 of at most \d+: 40 req/s, coarse pass", console);

        // Assert: the blocking sleep cannot keep up with 40 arrivals a second (it drops them): the search goes down to the
        // rate it serves and brackets it; the awaiting one serves 40 and more
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        Assert.Equal(LoadModel.Open, document.Run.Settings.Model);
        var sleep = Assert.Single(document.Experiments);
        var sync = sleep.Variants.Single(v => v.Name == "sync");
        var async = sleep.Variants.Single(v => v.Name == "async");
        var at40 = sync.Steps.First(s => s.Concurrency == 40);
        Assert.Equal(40, at40.OfferedRps);
        Assert.True(at40.Dropped > 0,
            $"the blocking sleep dropped no arrival: {at40.Rps} req/s achieved, flags: {string.Join(" ", FlagText.All(at40))}");
        Assert.Contains("dropped", at40.Missed);
        Assert.NotNull(sync.Capacity);
        Assert.True(sync.Capacity.Concurrency < 40 && sync.Capacity.MissedAt is not null, VerdictText.Of(sleep));
        Assert.All(async.Steps.Where(s => s.Concurrency <= 40), s => Assert.Equal(0, s.Dropped));
        Assert.True(async.Capacity?.Concurrency >= 40, VerdictText.Of(sleep));

        // Assert: the report names the model and the offered rate
        var html = await File.ReadAllTextAsync(Path.Combine(_output, "index.html"));
        Assert.Contains("What arrival rate each variant serves within the SLA", html, StringComparison.Ordinal);
        Assert.Contains("offered req/s", html, StringComparison.Ordinal);
        Assert.Contains("achieved req/s", html, StringComparison.Ordinal);
        Assert.Contains("coordinated omission", html, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
