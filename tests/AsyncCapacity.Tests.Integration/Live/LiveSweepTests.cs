using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Playwright;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Live;

/// <summary>
/// `capacity sweep --live keep` against the real Aspire dashboard (its NuGet executable, started by the sweep on loopback):
/// every probe's app and k6 report to it, and its metrics page draws the app's thread count in headless Chromium.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class LiveSweepTests(ITestOutputHelper log) : IDisposable
{
    private static readonly string[] ShownOnThePage =
        ["System.Runtime", "Microsoft.AspNetCore.Server.Kestrel", "AsyncCapacity", "dotnet.thread_pool.thread.count"];

    private readonly string _output = Directory.CreateTempSubdirectory("capacity-live-").FullName;
    private KeptDashboard? _dashboard;

    [Fact]
    public async Task A_live_sweep_sends_every_probes_app_and_k6_to_the_dashboard_whose_metrics_page_draws_the_thread_count()
    {
        // Act: 8 clients on Thread.Sleep(500) with a pool of 2 threads: the pool grows during the window
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(10),
            "sweep", "-e", "sleep:sync", "--profile", "quick", "--warmup", "1", "--step-seconds", "4", "--steps", "2,8",
            "--search", "off", "--stacks", "off", "--live", "keep", "--out", _output);

        // Assert: the dashboard's URL comes first, the sweep ends well and leaves the dashboard up, saying how to stop it
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        _dashboard = KeptDashboard.From(console);
        Assert.True(_dashboard is not null, console);
        var (login, dashboard, token) = (_dashboard.Login, _dashboard.Url, _dashboard.Token);
        Assert.StartsWith($"Live: starting the Aspire dashboard", console, StringComparison.Ordinal);
        Assert.InRange(console.IndexOf($"Live: open {login}", StringComparison.Ordinal), 0,
            console.IndexOf("Sweeping sleep", StringComparison.Ordinal));
        Assert.Equal(("127.0.0.1", "/login", 32), (login.Host, login.AbsolutePath, token.Length));
        var report = await File.ReadAllTextAsync(Path.Combine(_output, "index.html"));
        Assert.Contains($"the Aspire dashboard at {dashboard}", report, StringComparison.Ordinal);
        Assert.DoesNotContain(token, report, StringComparison.Ordinal);
        Assert.Matches(@"export measured at \d\.\d\d× the lab&#39;s app&#39;s throughput without it", report);

        // Assert: the dashboard lets no one in without its token or key
        using (var anonymous = await _dashboard.AnonymousAsync("/api/telemetry/resources"))
        {
            Assert.Equal(System.Net.HttpStatusCode.Unauthorized, anonymous.StatusCode);
        }

        // Assert: one resource per variant for the app and for k6, each with metrics: the two probes share it; the lab's app
        // exports itself, so the sweep's reader does not
        var resources = await _dashboard.ResourcesAsync();
        Assert.Single(resources, r => r is { Name: "asynccapacity", HasMetrics: true, InstanceId: "sleep-sync" });
        Assert.Single(resources, r => r is { Name: "k6", HasMetrics: true, InstanceId: "sleep-sync" });
        Assert.DoesNotContain(resources, r => r.InstanceId.Contains("-c2-", StringComparison.Ordinal) || r.Name == "capacity-reader");

        // Assert: the metrics page of the variant's app lists the runtime's, Kestrel's and the lab's meters and draws the
        // thread count, as a user opening it would see it
        var (playwright, browser) = await Chromium.LaunchAsync();
        using (playwright)
        {
            await using var _ = browser;
            var page = await browser.NewPageAsync(
                new BrowserNewPageOptions { ViewportSize = new ViewportSize { Width = 1400, Height = 900 } });
            await page.GotoAsync(login.ToString());
            await page.GotoAsync(new Uri(dashboard, "/metrics/resource/asynccapacity-sleep-sync"
                + "?meter=System.Runtime&instrument=dotnet.thread_pool.thread.count&duration=1&view=Graph").ToString());
            var line = page.Locator(".js-plotly-plot .scatterlayer path.js-line").First;
            await line.WaitForAsync(new LocatorWaitForOptions { Timeout = 30_000 });
            await page.WaitForTimeoutAsync(1000);
            var path = await line.GetAttributeAsync("d") ?? "";
            var body = await page.Locator("body").InnerTextAsync();
            var screenshot = Path.Combine(AppContext.BaseDirectory, "live", "dashboard-thread-count.png");
            Directory.CreateDirectory(Path.GetDirectoryName(screenshot)!);
            await page.ScreenshotAsync(new PageScreenshotOptions { Path = screenshot });
            log.WriteLine($"screenshot: {screenshot}");

            // Plotly drops the points of a flat stretch, so a line that held 3 threads through both probes has few: the
            // probes' sharing it is the single resource above.
            Assert.True(path.Count(c => c == 'L') >= 2, $"the thread-count line has too few points: '{path}'");
            Assert.All(ShownOnThePage, name => Assert.Contains(name, body, StringComparison.Ordinal));
        }
    }

    public void Dispose()
    {
        _dashboard?.Dispose();
        Directory.Delete(_output, recursive: true);
    }
}
