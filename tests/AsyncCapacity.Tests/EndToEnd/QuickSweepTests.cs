using AsyncCapacity.Report.Results;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Playwright;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// The main job as a user runs it: the quick sweep of every experiment with real k6 against the real app (a fresh
/// process per step) and, for the db pair, the private PostgreSQL the sweep starts; then the report in headless Chromium.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class QuickSweepTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-e2e-").FullName;

    [Fact]
    public async Task The_quick_sweep_finds_async_capacity_above_sync_and_its_report_renders_in_Chromium()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(15),
            "sweep", "--profile", "quick", "--out", _output);

        // Assert: the run, every declared experiment's variants × steps, the last step being the last declared one's
        var declared = ExperimentCatalog.All;
        var steps = declared.Sum(e => e.Variants.Count * e.Steps.Count);
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Contains($"Report: {Path.Combine(_output, "index.html")}", console, StringComparison.Ordinal);
        Assert.Contains($"[{steps,2}/{steps}] {declared[^1].Id} {declared[^1].Variants[^1].Name}", console, StringComparison.Ordinal);
        Assert.Contains("Starting a private PostgreSQL", console, StringComparison.Ordinal);

        // Assert: the results, one per declared experiment in declared order
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        Assert.Equal(declared.Select(e => e.Id), document.Experiments.Select(e => e.Name));
        var sleep = document.Experiments.Single(e => e.Name == "sleep");
        var sync = sleep.Variants.Single(v => v.Name == "sync");
        var async = sleep.Variants.Single(v => v.Name == "async");
        Assert.All([sync, async], v => Assert.Equal(ExperimentCatalog.Get("sleep").Steps, v.Steps.Select(s => s.Concurrency)));
        Assert.All(sync.Steps.Concat(async.Steps), s =>
        {
            Assert.NotNull(s.ThreadsAtStart);
            Assert.NotNull(s.CpuPercent);
            Assert.True(s.Requests > 0 || s.Flags.Count > 0);
        });
        Assert.NotNull(async.Capacity);
        Assert.True(async.Capacity.Concurrency > (sync.Capacity?.Concurrency ?? 0),
            $"async capacity {async.Capacity.Concurrency} should exceed sync capacity {sync.Capacity?.Concurrency}: {sleep.Verdict}");
        Assert.True(async.Capacity.Rps > (sync.Capacity?.Rps ?? 0));
        Assert.NotEmpty(sleep.Verdict);
        Assert.False(string.IsNullOrWhiteSpace(document.Run.K6Version));
        Assert.StartsWith(".NET 10", document.Run.DotnetVersion, StringComparison.Ordinal);

        // Assert: the db pair ran against PostgreSQL, with its pool in the figures
        var db = document.Experiments.Single(e => e.Name == "db");
        Assert.Null(db.SkippedReason);
        Assert.Equal("PostgreSQL", document.Run.DatabaseProvider);
        Assert.Equal(100, document.Run.DatabasePoolSize);
        var dbSync = db.Variants.Single(v => v.Name == "sync");
        var dbAsync = db.Variants.Single(v => v.Name == "async");
        Assert.All(dbSync.Steps.Concat(dbAsync.Steps).Where(s => s.Requests > 0), s => Assert.NotNull(s.Gauge("db.poolWaitMs")));
        Assert.NotNull(dbAsync.Capacity);
        Assert.True(dbAsync.Capacity.Concurrency >= (dbSync.Capacity?.Concurrency ?? 0), db.Verdict);
        Assert.Contains(dbAsync.Timeline, s => s.Gauge(GaugeKeys.DbInUse) > 0);

        // Assert: content served from disk and from memory, with the time inside the app next to the client's
        var content = document.Experiments.Single(e => e.Name == "content");
        Assert.All(content.Variants.SelectMany(v => v.Steps), s => Assert.NotNull(s.ServerP50Ms));
        Assert.Equal("small.html", content.Parameters["name"]);

        // Assert: the asynchronous audit writer serves at least as many clients as the bounded pool of writers
        var audit = document.Experiments.Single(e => e.Name == "audit");
        var bounded = audit.Variants.Single(v => v.Name == "bounded");
        var auditAsync = audit.Variants.Single(v => v.Name == "async");
        Assert.NotNull(auditAsync.Capacity);
        Assert.True(auditAsync.Capacity.Concurrency >= (bounded.Capacity?.Concurrency ?? 0), audit.Verdict);
        Assert.True(auditAsync.Steps.Max(s => s.Rps) > bounded.Steps.Max(s => s.Rps), audit.Verdict);

        // Assert: C10k, the awaiting handler holds 10,000 connections without a failure, and serves more than the blocking one
        var connections = document.Experiments.Single(e => e.Name == "connections");
        var connectionsAsync = connections.Variants.Single(v => v.Name == "async");
        var connectionsSync = connections.Variants.Single(v => v.Name == "sync");
        var tenThousand = connectionsAsync.Steps.Single(s => s.Concurrency == 10_000);
        Assert.True(tenThousand.Requests > 0, connections.Verdict);
        Assert.Equal(0L, tenThousand.Errors);
        Assert.NotNull(tenThousand.Gauge("connections.max"));
        Assert.True(connectionsAsync.Steps.Max(s => s.Rps) > connectionsSync.Steps.Max(s => s.Rps), connections.Verdict);

        // Assert: the WebSocket echo, in messages: the awaited loop meets the SLA with a handful of threads; the blocking
        // loop's threads climb with its clients
        var websocket = document.Experiments.Single(e => e.Name == "websocket");
        Assert.Equal(LoadKind.WebSocket, websocket.Load);
        var echoAsync = websocket.Variants.Single(v => v.Name == "async");
        var echoSync = websocket.Variants.Single(v => v.Name == "sync");
        Assert.NotNull(echoAsync.Capacity);
        Assert.True(echoAsync.Capacity.Concurrency > (echoSync.Capacity?.Concurrency ?? 0), websocket.Verdict);
        Assert.True(echoSync.Steps.Max(s => s.ThreadsAtEnd ?? 0) > echoAsync.Steps.Max(s => s.ThreadsAtEnd ?? 0), websocket.Verdict);
        Assert.All(echoAsync.Steps, s => Assert.Equal(0L, (s.ConnectionsFailed ?? 0) + (s.ConnectionsDropped ?? 0)));
        Assert.Contains("msg/s", websocket.Verdict, StringComparison.Ordinal);

        // Assert: the report, in a browser
        await AssertRendersInChromiumAsync(Path.Combine(_output, "index.html"));
    }

    private async Task AssertRendersInChromiumAsync(string htmlPath)
    {
        await using var report = await ReportInBrowser.OpenAsync(htmlPath);
        var pixels = await report.PaintedPixelsPerCanvasAsync();
        var screenshot = Path.Combine(_output, "report.png");
        await report.Page.ScreenshotAsync(new PageScreenshotOptions { Path = screenshot, FullPage = true });
        log.WriteLine($"screenshot: {screenshot}; painted pixels per canvas: {string.Join(", ", pixels)}");

        Assert.Empty(report.Problems);
        Assert.True(pixels.Length >= 12, $"expected at least 3 charts per experiment, found {pixels.Length} canvases");
        Assert.All(pixels, count => Assert.True(count > 2000, $"a chart canvas is (nearly) blank: {count} painted pixels"));
        Assert.True(new FileInfo(screenshot).Length > 50_000, "the screenshot is suspiciously small for a full report");
        Assert.Contains("Thread.Sleep", await report.Page.InnerTextAsync("body"), StringComparison.Ordinal);
    }

    public void Dispose()
    {
        // Keep the report when asked (CAPACITY_KEEP_E2E=1), e.g. to look at it after a failure.
        if (Environment.GetEnvironmentVariable("CAPACITY_KEEP_E2E") != "1")
        {
            Directory.Delete(_output, recursive: true);
        }
    }
}
