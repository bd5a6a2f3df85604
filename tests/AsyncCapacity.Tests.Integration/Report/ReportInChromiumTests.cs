using System.Text.Json;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Playwright;
using Xunit.Abstractions;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// The golden reports opened in headless Chromium: report.js draws every chart without a console error; the
/// thread-pool timelines of the db experiment carry the connection pool, and those of the audit experiment the audit
/// queue and the 503 rate, on the same scales for both variants; content's client vs server chart spans µs to s.
/// </summary>
public sealed class ReportInChromiumTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-report-").FullName;

    [Theory]
    [InlineData("results-db.json")]
    [InlineData("results-sleep.json")]
    [InlineData("results-content.json")]
    [InlineData("results-audit.json")]
    [InlineData("results-sleep-searched.json")]
    public async Task The_golden_report_draws_every_chart_without_a_console_error(string golden)
    {
        // Arrange
        await using var report = await OpenAsync(golden);
        var (page, problems) = (report.Page, report.Problems);

        // Act
        var painted = await report.PaintedPixelsPerCanvasAsync();

        // Assert
        Assert.Empty(problems);
        Assert.True(painted.Length >= 4, $"expected throughput, latency and two timelines, found {painted.Length} canvases");
        Assert.All(painted, count => Assert.True(count > 2000, $"a chart canvas is (nearly) blank: {count} painted pixels"));
    }

    [Theory]
    [InlineData("results-sleep-searched.json", 1280)]
    [InlineData("results-sleep-searched.json", 1920)]
    [InlineData("results-websocket.json", 1280)]
    [InlineData("results-websocket.json", 1920)]
    [InlineData("results-db.json", 1280)]
    [InlineData("results-audit.json", 1280)]
    public async Task Every_table_fits_its_card_at_1280_px_and_wider(string golden, int width)
    {
        // Arrange
        var path = Path.Combine(_output, Path.ChangeExtension(golden, $".{width}.html"));
        await File.WriteAllTextAsync(path, HtmlReport.Render(Golden(golden)));
        await using var report = await ReportInBrowser.OpenAsync(path, width);

        // Act
        var overflows = await report.OverflowsAsync();

        // Assert
        Assert.Empty(overflows);
    }

    [Theory]
    [InlineData("results-db.json")]
    [InlineData("results-sleep-searched.json")]
    [InlineData("results-websocket.json")]
    public async Task At_a_glance_fits_a_1280_px_window_for_three_variants_of_a_foreign_app(string golden)
    {
        // Arrange
        var path = Path.Combine(_output, Path.ChangeExtension(golden, ".three.html"));
        await File.WriteAllTextAsync(path, HtmlReport.Render(ThreeVariantsOfAForeignApp(Golden(golden))));
        await using var report = await ReportInBrowser.OpenAsync(path, 1280);

        // Act
        var widths = await report.Page.EvaluateAsync<int[]>("""
            () => {
              const wrap = document.querySelector('.glance').closest('.table-wrap');
              return [wrap.scrollWidth, wrap.clientWidth, document.documentElement.scrollWidth, window.innerWidth];
            }
            """);

        // Assert
        Assert.True(widths[0] <= widths[1], $"At a glance scrolls sideways: {widths[0]} px in a {widths[1]} px box");
        Assert.True(widths[2] <= widths[3], $"the page is {widths[2]} px wide in a {widths[3]} px window");
    }

    [Fact]
    public async Task The_db_timelines_plot_connections_in_use_waiting_and_the_pool_size_on_shared_scales()
    {
        // Arrange
        await using var report = await OpenAsync("results-db.json");
        var (page, problems) = (report.Page, report.Problems);

        // Act
        var timelines = await TimelinesAsync(page);

        // Assert
        Assert.Empty(problems);
        Assert.Equal(2, timelines.Count);
        Assert.All(timelines, t => Assert.Equal(
            ["pool threads", "connections in use", "queued work items", "waiting for a connection", "pool size: 100"], t.Labels));
        Assert.All(timelines,
            t => Assert.True(t.LeftMax > 100, $"the pool size line (100) should sit below the top of the axis ({t.LeftMax})"));
        Assert.Single(timelines.Select(t => (t.LeftMax, t.RightMax)).Distinct());
    }

    [Fact]
    public async Task The_sleep_timelines_plot_only_the_thread_pool()
    {
        // Arrange
        await using var report = await OpenAsync("results-sleep.json");
        var (page, problems) = (report.Page, report.Problems);

        // Act
        var timelines = await TimelinesAsync(page);

        // Assert
        Assert.Empty(problems);
        Assert.NotEmpty(timelines);
        Assert.All(timelines, t => Assert.Equal(["pool threads", "queued work items"], t.Labels));
    }

    [Fact]
    public async Task The_content_page_draws_client_and_server_p50_of_both_variants_on_one_log_scale_from_microseconds()
    {
        // Arrange
        var content = Golden("results-content.json").Experiments[0];
        await using var report = await OpenAsync("results-content.json");
        var (page, problems) = (report.Page, report.Problems);

        // Act
        var chart = await page.EvaluateAsync<JsonElement>("""
            () => {
              const chart = Chart.getChart(document.querySelector('canvas[data-chart="server-time"]'));
              return {
                type: chart.scales.y.type,
                ticks: chart.scales.y.ticks.map(t => t.label).filter(l => l),
                datasets: chart.data.datasets.map(d => ({ label: d.label, dashed: (d.borderDash || []).length > 0, y: d.data.map(p => p.y) })),
              };
            }
            """);

        // Assert
        Assert.Empty(problems);
        Assert.Equal("logarithmic", chart.GetProperty("type").GetString());
        var ticks = chart.GetProperty("ticks").EnumerateArray().Select(t => t.GetString()).ToList();
        Assert.Contains("10 µs", ticks);
        Assert.Contains("100 ms", ticks);
        var datasets = chart.GetProperty("datasets").EnumerateArray().ToList();
        Assert.Equal(
            ["file (blocking): client p50", "file: server p50", "memory: client p50", "memory: server p50"],
            datasets.Select(d => d.GetProperty("label").GetString()));
        Assert.Equal([false, true, false, true], datasets.Select(d => d.GetProperty("dashed").GetBoolean()));
        for (var i = 0; i < content.Variants.Count; i++)
        {
            var steps = content.Variants[i].Steps.OrderBy(s => s.Concurrency).ToList();
            Assert.Equal(steps.Select(s => s.P50Ms!.Value), Values(datasets[2 * i]));
            Assert.Equal(steps.Select(s => s.ServerP50Ms!.Value), Values(datasets[(2 * i) + 1]));
        }
    }

    [Fact]
    public async Task The_audit_timelines_plot_the_audit_queue_and_the_503_rate_on_shared_scales()
    {
        // Arrange
        var document = AsDeclared(Golden("results-audit.json"));
        var audit = document.Experiments[0];
        await using var report = await OpenAsync("results-audit.json", document);
        var (page, problems) = (report.Page, report.Problems);

        // Act
        var timelines = await TimelinesAsync(page);
        var queued = await SeriesAsync(page, "audit entries queued");
        var rates = await SeriesAsync(page, "503 (queue full) per second: none in this experiment");

        // Assert
        Assert.Empty(problems);
        Assert.Equal(2, timelines.Count);
        Assert.All(timelines, t => Assert.Equal(
            ["pool threads", "queued work items",
                "audit entries queued", "503 (queue full) per second: none in this experiment"], t.Labels));
        Assert.Single(timelines.Select(t => (t.LeftMax, t.RightMax)).Distinct());
        Assert.All(timelines, t => Assert.False(t.RateAxisShown, "with no 503 at all, the 503/s axis stays hidden"));
        var mostQueued = audit.Variants.Max(v => v.Timeline.Max(s => s.Gauge(GaugeKeys.AuditQueued)));
        Assert.All(timelines, t => Assert.True(t.RightMax >= mostQueued, $"the queue's axis ends at {t.RightMax}, below {mostQueued}"));
        for (var i = 0; i < audit.Variants.Count; i++)
        {
            Assert.Equal(audit.Variants[i].Timeline.Select(s => s.Gauge(GaugeKeys.AuditQueued) ?? 0),
                queued[i].Where(y => y is not null).Select(y => y!.Value));
            Assert.All(rates[i], rate => Assert.True(rate is null or 0, $"a 503 rate of {rate}/s where there was none"));
        }
    }

    [Fact]
    public async Task The_503_rate_never_goes_negative_nor_spans_a_process_restart()
    {
        // Arrange
        const int PerSecond = 120;
        var document = WithRefusals(Golden("results-audit.json"), PerSecond, 30);
        await using var report = await OpenAsync("results-audit-refusals.json", document);
        var (page, problems) = (report.Page, report.Problems);

        // Act
        var timelines = await TimelinesAsync(page);
        var rates = await SeriesAsync(page, "503 (queue full) per second");

        // Assert
        Assert.Empty(problems);
        Assert.All(timelines, t => Assert.True(t.RateAxisShown));
        Assert.Single(timelines.Select(t => (t.LeftMax, t.RightMax, t.RateMax)).Distinct());
        Assert.All(timelines, t => Assert.True(t.RateMax >= PerSecond, $"the 503/s axis ends at {t.RateMax}, below {PerSecond}"));

        // Each process: no rate at its first sample (none before it, or a restart), 0 at its second, then its rate;
        // between the two processes, the point that breaks the lines.
        int[] perSecond = [PerSecond, 30];
        for (var i = 0; i < perSecond.Length; i++)
        {
            double?[] process = [null, 0, .. Enumerable.Repeat<double?>(perSecond[i], RefusalSamplesPerProcess - 2)];
            Assert.All(rates[i], rate => Assert.True(rate is null or >= 0, $"negative 503 rate: {rate}/s"));
            Assert.Equal([.. process, null, .. process], rates[i].Select(r => r is null ? r : Math.Round(r.Value, 6)));
        }
    }

    private Task<ReportInBrowser> OpenAsync(string golden) => OpenAsync(golden, Golden(golden));

    private async Task<ReportInBrowser> OpenAsync(string golden, ResultsDocument document)
    {
        var path = Path.Combine(_output, Path.ChangeExtension(golden, ".html"));
        await File.WriteAllTextAsync(path, HtmlReport.Render(document));
        log.WriteLine($"{golden} rendered to {path}");
        return await ReportInBrowser.OpenAsync(path);
    }

    private static async Task<IReadOnlyList<Timeline>> TimelinesAsync(IPage page)
    {
        var timelines = await page.EvaluateAsync<JsonElement>("""
            () => [...document.querySelectorAll('canvas[data-chart="timeline"]')].map(c => {
              const chart = Chart.getChart(c);
              const rate = chart.scales.y2;
              return {
                labels: chart.data.datasets.map(d => d.label),
                leftMax: chart.scales.y.max,
                rightMax: chart.scales.y1.max,
                rateShown: Boolean(rate && rate.options.display),
                rateMax: rate ? rate.max : null,
              };
            })
            """);
        return timelines.EnumerateArray()
            .Select(t => new Timeline(
                t.GetProperty("labels").EnumerateArray().Select(l => l.GetString()!).ToList(),
                t.GetProperty("leftMax").GetDouble(),
                t.GetProperty("rightMax").GetDouble(),
                t.GetProperty("rateShown").GetBoolean(),
                t.GetProperty("rateMax").ValueKind == JsonValueKind.Number ? t.GetProperty("rateMax").GetDouble() : null))
            .ToList();
    }

    /// <summary>One series of every timeline on the page, by its legend label: its y values, null where the line breaks.</summary>
    private static async Task<IReadOnlyList<IReadOnlyList<double?>>> SeriesAsync(IPage page, string label)
    {
        var series = await page.EvaluateAsync<JsonElement>("""
            label => [...document.querySelectorAll('canvas[data-chart="timeline"]')].map(c => {
              const dataset = Chart.getChart(c).data.datasets.find(d => d.label === label);
              return dataset ? dataset.data.map(p => p.y) : null;
            })
            """, label);
        return series.EnumerateArray()
            .Select(s =>
            {
                Assert.True(s.ValueKind == JsonValueKind.Array, $"a timeline has no series '{label}'");
                return (IReadOnlyList<double?>)s.EnumerateArray()
                    .Select(y => y.ValueKind == JsonValueKind.Number ? y.GetDouble() : (double?)null).ToList();
            })
            .ToList();
    }

    private static IEnumerable<double> Values(JsonElement dataset) =>
        dataset.GetProperty("y").EnumerateArray().Select(y => y.GetDouble());

    public void Dispose() => Directory.Delete(_output, recursive: true);

    private sealed record Timeline(IReadOnlyList<string> Labels, double LeftMax, double RightMax, bool RateAxisShown, double? RateMax);
}
