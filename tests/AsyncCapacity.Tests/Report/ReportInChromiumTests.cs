using System.Text.Json;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Playwright;
using Xunit.Abstractions;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The golden reports opened in headless Chromium: report.js draws every chart without a console error, and the
/// thread-pool timelines of the db experiment carry the connection pool on the same scales for both variants.
/// </summary>
public sealed class ReportInChromiumTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-report-").FullName;

    [Theory]
    [InlineData("results-db.json")]
    [InlineData("results-sleep.json")]
    public async Task The_golden_report_draws_every_chart_without_a_console_error(string golden)
    {
        // Arrange
        var (playwright, browser) = await Chromium.LaunchAsync();
        using var _ = playwright;
        await using var __ = browser;
        var (page, problems) = await OpenAsync(browser, golden);

        // Act
        var painted = await page.EvaluateAsync<int[]>("""
            () => [...document.querySelectorAll('canvas')].map(c => {
              const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              let n = 0;
              for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++;
              return n;
            })
            """);

        // Assert
        Assert.Empty(problems);
        Assert.True(painted.Length >= 4, $"expected throughput, latency and two timelines, found {painted.Length} canvases");
        Assert.All(painted, count => Assert.True(count > 2000, $"a chart canvas is (nearly) blank: {count} painted pixels"));
    }

    [Fact]
    public async Task The_db_timelines_plot_connections_in_use_waiting_and_the_pool_size_on_shared_scales()
    {
        // Arrange
        var (playwright, browser) = await Chromium.LaunchAsync();
        using var _ = playwright;
        await using var __ = browser;
        var (page, problems) = await OpenAsync(browser, "results-db.json");

        // Act
        var timelines = await TimelinesAsync(page);

        // Assert
        Assert.Empty(problems);
        Assert.Equal(2, timelines.Count);
        Assert.All(timelines, t => Assert.Equal(
            ["pool threads", "connections in use", "queued work items", "waiting for a connection", "pool size: 100 connections"], t.Labels));
        Assert.All(timelines, t => Assert.True(t.LeftMax > 100, $"the pool size line (100) should sit below the top of the axis ({t.LeftMax})"));
        Assert.Single(timelines.Select(t => (t.LeftMax, t.RightMax)).Distinct());
    }

    [Fact]
    public async Task The_sleep_timelines_plot_only_the_thread_pool()
    {
        // Arrange
        var (playwright, browser) = await Chromium.LaunchAsync();
        using var _ = playwright;
        await using var __ = browser;
        var (page, problems) = await OpenAsync(browser, "results-sleep.json");

        // Act
        var timelines = await TimelinesAsync(page);

        // Assert
        Assert.Empty(problems);
        Assert.NotEmpty(timelines);
        Assert.All(timelines, t => Assert.Equal(["pool threads", "queued work items"], t.Labels));
    }

    private async Task<(IPage Page, List<string> Problems)> OpenAsync(IBrowser browser, string golden)
    {
        var path = Path.Combine(_output, Path.ChangeExtension(golden, ".html"));
        await File.WriteAllTextAsync(path, HtmlReport.Render(Golden(golden)));

        var page = await browser.NewPageAsync(new BrowserNewPageOptions { ViewportSize = new ViewportSize { Width = 1400, Height = 1000 } });
        var problems = new List<string>();
        page.Console += (_, message) =>
        {
            if (message.Type is "error" or "warning")
            {
                problems.Add($"console {message.Type}: {message.Text}");
            }
        };
        page.PageError += (_, error) => problems.Add($"page error: {error}");
        page.Request += (_, request) =>
        {
            if (!request.Url.StartsWith("file://", StringComparison.Ordinal) && !request.Url.StartsWith("data:", StringComparison.Ordinal))
            {
                problems.Add($"network request from a self-contained report: {request.Url}");
            }
        };

        await page.GotoAsync(new Uri(path).AbsoluteUri);
        await page.WaitForLoadStateAsync(LoadState.NetworkIdle);
        log.WriteLine($"{golden} rendered to {path}");
        return (page, problems);
    }

    private static async Task<IReadOnlyList<Timeline>> TimelinesAsync(IPage page)
    {
        var timelines = await page.EvaluateAsync<JsonElement>("""
            () => [...document.querySelectorAll('canvas[data-chart="timeline"]')].map(c => {
              const chart = Chart.getChart(c);
              return { labels: chart.data.datasets.map(d => d.label), leftMax: chart.scales.y.max, rightMax: chart.scales.y1.max };
            })
            """);
        return timelines.EnumerateArray()
            .Select(t => new Timeline(
                t.GetProperty("labels").EnumerateArray().Select(l => l.GetString()!).ToList(),
                t.GetProperty("leftMax").GetDouble(),
                t.GetProperty("rightMax").GetDouble()))
            .ToList();
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private sealed record Timeline(IReadOnlyList<string> Labels, double LeftMax, double RightMax);
}
