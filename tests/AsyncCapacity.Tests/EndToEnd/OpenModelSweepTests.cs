using AsyncCapacity.Report.Results;
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

    [Fact]
    public async Task An_open_model_quick_sweep_counts_dropped_arrivals_as_errors_and_labels_the_report_by_offered_rate()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(5),
            "sweep", "--model", "open", "--rates", "40", "-e", "sleep", "--set", "sleep.ms=500", "--profile", "quick", "--out", _output);

        // Assert: the run
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Matches(@"\[ 2/2\] sleep async +40 req/s", console);

        // Assert: the results
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        Assert.Equal(LoadModel.Open, document.Run.Settings.Model);
        var sleep = Assert.Single(document.Experiments);
        var sync = Assert.Single(sleep.Variants.Single(v => v.Name == "sync").Steps);
        var async = Assert.Single(sleep.Variants.Single(v => v.Name == "async").Steps);
        Assert.Equal(40, sync.OfferedRps);
        Assert.True(sync.Dropped > 0, $"the blocking sleep dropped no arrival: {sync.Rps} req/s achieved, flags: {string.Join(" ", sync.Flags)}");
        Assert.True(sync.Errors >= sync.Dropped * 6 / 8 - 1, $"{sync.Dropped} dropped, {sync.Errors} errors");
        Assert.False(sync.MeetsSla);
        Assert.True(sync.Rps < 30, $"sync achieved {sync.Rps} of 40 req/s");
        Assert.Equal(0, async.Dropped);
        Assert.InRange(async.Rps, 36, 44);
        Assert.True(async.MeetsSla, $"async at 40 req/s: p95 {async.P95Ms} ms, errors {async.ErrorRate}");
        Assert.Equal(new Capacity(40, async.Rps), sleep.Variants.Single(v => v.Name == "async").Capacity);

        // Assert: the report names the model and the offered rate
        var html = await File.ReadAllTextAsync(Path.Combine(_output, "index.html"));
        Assert.Contains("What arrival rate each variant serves within the SLA", html, StringComparison.Ordinal);
        Assert.Contains("offered req/s", html, StringComparison.Ordinal);
        Assert.Contains("achieved req/s", html, StringComparison.Ordinal);
        Assert.Contains("coordinated omission", html, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
