using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Playwright;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// The main job as a user runs it: the quick sweep of every experiment with real k6 against the real app (a fresh
/// process per step) and, for the db pair, the private PostgreSQL the sweep starts; then the report in headless Chromium.
/// Its probes are shorter than the quick profile's (1 s warm-up + 3 s measured, not 2 + 4) and fewer: it checks that every part
/// runs and where each knee falls within wide margins, not the figures (the README's come from the standard profile);
/// that halves the longest test of CI.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class QuickSweepTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-e2e-").FullName;

    // One run at each end of a bracket (sleep's three, where the repeats are checked): the test checks the parts and the
    // knees' margins, not figures, and the repeat probes were a third of its time. The window stays longer than every
    // SLA's p95 (C10k's 2.5 s): in a shorter one, clients that never got an answer cannot count against the SLA, and the
    // blocking C10k handler "met" it at 1,581 clients with 2 answers. Each experiment gets the probes its assertions need,
    // no more (a probe costs about 8 s, its app's start and stacks included): sleep's 7 let the awaiting variant double
    // from 10 clients past 1,000 where the laws' knee is not usable (a busy machine's CPU per request); the others need a
    // bracket wide enough to order their variants, and C10k its coarse pass and headline load. Two coarse passes are cut
    // short: the blocking echo's 500 clients cost 25 s (k6 waits for sessions a starved app closes late), and C10k's 2,500
    // and 5,000 give way to one 4,000 (the awaiting knee sits at 2,000-4,000 here; each probe of thousands costs 10-20 s).
    [Fact]
    public async Task The_quick_sweep_measures_each_variants_knee_says_why_from_the_runtime_and_its_report_renders_in_Chromium()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(30),
            "sweep", "--profile", "quick", "--warmup", "1", "--step-seconds", "3",
            "--probes", "sleep=7", "--probes", "db=3", "--probes", "audit=3", "--probes", "websocket=3",
            "--probes", "content=1", "--probes", "connections=2", "--steps", "websocket=10,100", "--steps", "connections=1000,4000",
            "--out", _output);

        // Assert: the run, every declared experiment's variants searched probe by probe
        var declared = ExperimentCatalog.All;
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Contains($"Report: {Path.Combine(_output, "index.html")}", console, StringComparison.Ordinal);
        Assert.All(declared.SelectMany(e => e.Variants.Select(v => $"[{e.Id} {v.Name}] probe 1 of at most ")),
            line => Assert.Contains(line, console, StringComparison.Ordinal));
        Assert.Contains("Starting a private PostgreSQL", console, StringComparison.Ordinal);

        // Assert: the results, one per declared experiment in declared order; every variant's capacity estimated (with its
        // 90% interval) or a lower bound that says what stopped it, or none and why; the probes within the interval marked
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        Assert.Equal(declared.Select(e => e.Id), document.Experiments.Select(e => e.Name));
        Assert.All(document.Experiments.SelectMany(e => e.Variants), v =>
        {
            Assert.True(v.Capacity is { Estimate: not null } or { AtLeastBecause: not null } || v.NoCapacityBecause is not null,
                $"{v.Name}: {v.Capacity}");
            Assert.All(v.Steps, s => Assert.NotNull(s.Pass));
            // A probe inside the 90% interval, unless the budget ran out first: where the p95 stays near the SLA over a wide
            // range (connections async), the interval can land between the probes (4,011 met, 10,000 missed: 4,520-7,165).
            Assert.True(v.Steps.Any(s => s.Decided) || v.Capacity is { Narrowed: false }, $"{v.Name}: {v.Capacity}");
            Assert.NotNull(v.Prediction);
        });

        // Assert: predicted, then measured: the laws' range and its binding resource beside every capacity, in the verdict too
        Assert.All(declared.SelectMany(e => e.Variants),
            v => Assert.Contains($"    {v.Name}: Predicted ", console, StringComparison.Ordinal));

        // Assert: sleep: the blocking variant's knee is a few clients, between two neighbouring loads; the awaiting one serves
        // at least a thousand; the pool's threads wait in Thread.Sleep ← SleepEndpoints.Sync, none parked in the async handler
        var sleep = document.Experiments.Single(e => e.Name == "sleep");
        var sync = sleep.Variants.Single(v => v.Name == "sync");
        var async = sleep.Variants.Single(v => v.Name == "async");
        Assert.NotNull(sync.Capacity);
        Assert.InRange(sync.Capacity.Concurrency, 1, 9);
        Assert.True(sync.Capacity.Estimate!.HighLoad - sync.Capacity.Estimate.LowLoad <= 2, VerdictText.Of(sleep));
        Assert.Contains("(90%: ", VerdictText.Of(sleep), StringComparison.Ordinal);
        Assert.True(async.Capacity?.Concurrency >= 1000, VerdictText.Of(sleep));
        Assert.Equal(ResourceKind.Threads, sync.Prediction!.Binding.Resource);
        Assert.InRange(sync.Capacity.Concurrency, sync.Prediction.Load - 1, sync.Prediction.MeanLoad);
        Assert.All(sync.Steps.Concat(async.Steps), s =>
        {
            Assert.NotNull(s.ThreadsAtStart);
            Assert.NotNull(s.CpuPercent);
            Assert.NotNull(s.Adjustments);
            Assert.True(s.Requests > 0 || s.Flags.Count > 0, $"{s.Concurrency} clients: no request and no flag");
        });
        AssertWaitsIn(sync, "System.Threading.Thread.Sleep", "AsyncCapacity.Web.Experiments.SleepEndpoints.Sync");
        // (none parked there: a thread caught running a continuation of the async handler is working, not waiting; and a
        // snapshot that fails costs its probe the waits, with a warning, not the sweep: most probes have them). No awaiting probe
        // has a pool thread asleep, and most have none waiting at all: on a machine at its limit a snapshot may catch a thread
        // for an instant on a lock inside the framework (AsyncTaskMethodBuilder.SetExistingTaskResult at 5,168 clients and 99%
        // of the machine, once in a fresh clone's CI), which the handler does not cause.
        var stacked = async.Steps.Where(s => s.Waits is not null).ToList();
        Assert.True(stacked.Count * 2 > async.Steps.Count, "most async probes should have their thread stacks");
        Assert.All(stacked, s => Assert.DoesNotContain(s.Waits!.Groups, g => g.Pool && g.Waiting && g.Call == "System.Threading.Thread.Sleep"));
        Assert.True(stacked.Count(s => s.Waits!.Groups.Any(g => g.Pool && g.Waiting)) * 2 < stacked.Count,
            "most async probes should have no pool thread waiting");
        // Async's knee sits where k6 runs short of CPU (3,000-4,000 clients here): a lower bound ("served ≥ 1,000×") when k6 was
        // flagged at the first miss, an estimate when it was just below the flag; either way far beyond sync's.
        Assert.Matches(@"async served (≥ )?[\d,]+× the clients of sync", VerdictText.Of(sleep));
        Assert.True(async.Capacity?.Concurrency >= 100 * sync.Capacity!.Concurrency, VerdictText.Of(sleep));
        Assert.StartsWith(".NET 10", document.Run.DotnetVersion, StringComparison.Ordinal);

        // Assert: db ran against PostgreSQL; the sync variant's threads wait in its ADO.NET call, the async one's nowhere
        var db = document.Experiments.Single(e => e.Name == "db");
        Assert.Null(db.SkippedReason);
        Assert.Equal("PostgreSQL", document.Run.DatabaseProvider);
        var dbSync = db.Variants.Single(v => v.Name == "sync");
        var dbAsync = db.Variants.Single(v => v.Name == "async");
        Assert.All(dbSync.Steps.Concat(dbAsync.Steps).Where(s => s.Requests > 0), s => Assert.NotNull(s.Gauge("db.poolWaitMs")));
        Assert.True(dbAsync.Capacity?.Concurrency > dbSync.Capacity?.Concurrency, VerdictText.Of(db));
        AssertWaitsIn(dbSync, null, "AsyncCapacity.Web.Experiments.DbEndpoints.Sync");
        Assert.Contains(dbAsync.Timeline, s => s.Gauge(GaugeKeys.DbInUse) > 0);

        // Assert: content served from disk and from memory, with the time inside the app next to the client's
        var content = document.Experiments.Single(e => e.Name == "content");
        Assert.All(content.Variants.SelectMany(v => v.Steps).Where(s => s.Requests > 0), s => Assert.NotNull(s.ServerP50Ms));

        // Assert: audit: the bounded log caps the service well below the asynchronous writer; its request threads wait for
        // their entries, its writer threads in the store
        var audit = document.Experiments.Single(e => e.Name == "audit");
        var bounded = audit.Variants.Single(v => v.Name == "bounded");
        var auditAsync = audit.Variants.Single(v => v.Name == "async");
        Assert.True(auditAsync.Capacity?.Concurrency > bounded.Capacity?.Concurrency, VerdictText.Of(audit));
        AssertWaitsIn(bounded, null, "AsyncCapacity.Web.Experiments.AuditEndpoints.Bounded");

        // Assert: C10k: the awaiting handler holds thousands of connections; the blocking one a few clients
        var connections = document.Experiments.Single(e => e.Name == "connections");
        var connectionsAsync = connections.Variants.Single(v => v.Name == "async");
        var connectionsSync = connections.Variants.Single(v => v.Name == "sync");
        Assert.True(connectionsAsync.Capacity?.Concurrency >= 1000, VerdictText.Of(connections));
        Assert.True(connectionsSync.Capacity is null || connectionsSync.Capacity.Concurrency < 100, VerdictText.Of(connections));
        Assert.Contains(connectionsAsync.Steps, s => s.Gauge("connections.max") >= 1000);
        // The C10k claim: 10,000 connections probed once in each variant, whatever its knee
        Assert.All(connections.Variants, v => Assert.Single(v.Steps, s => s.Concurrency == 10_000 && s.Pass == ProbePass.Headline));

        // Assert: the WebSocket echo, in messages: the blocked loop gets the pool's cooperative-blocking help and still
        // holds a thread per client in GetResult; the awaited one serves more clients
        var websocket = document.Experiments.Single(e => e.Name == "websocket");
        Assert.Equal(LoadKind.WebSocket, websocket.Load);
        var echoAsync = websocket.Variants.Single(v => v.Name == "async");
        var echoSync = websocket.Variants.Single(v => v.Name == "sync");
        Assert.True(echoAsync.Capacity?.Concurrency > (echoSync.Capacity?.Concurrency ?? 0), VerdictText.Of(websocket));
        Assert.Contains(echoSync.Steps, s => s.Adjustments?.ContainsKey("CooperativeBlocking") == true);
        AssertWaitsIn(echoSync, "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
            "AsyncCapacity.Web.Experiments.WebSocketEndpoints.Sync");
        Assert.Contains("msg/s", VerdictText.Of(websocket), StringComparison.Ordinal);

        // Assert: the report, in a browser
        await AssertRendersInChromiumAsync(Path.Combine(_output, "index.html"));
    }

    /// <summary>Some probe of the variant found pool threads parked in its handler (in that call, when one is named).</summary>
    private static void AssertWaitsIn(VariantResult variant, string? call, string appFrame) =>
        Assert.Contains(variant.Steps,
            s => s.Waits?.Groups.Any(g => g.Pool && g.AppFrame == appFrame && (call is null || g.Call == call)) == true);

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
