using System.Text.Json;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// A run with its loads held, opened in headless Chromium: per experiment the capacity-over-time chart (both axes log scale,
/// the blocking variant's curve rising, the awaiting one's flat, the forecast dashed, the quick and standard horizons marked)
/// and for each variant one held load's p95 and pool threads by the second, the SLA dashed; nothing from the network, no
/// console error, and At a glance within a 1280 px window.
/// </summary>
public sealed class SustainedReportInChromiumTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-sustained-report-").FullName;

    [Fact]
    public async Task The_capacity_curve_rises_for_the_blocking_variant_and_stays_flat_for_the_awaiting_one()
    {
        // Arrange
        await using var report = await OpenAsync(1400);

        // Act
        var painted = await report.PaintedPixelsPerCanvasAsync();
        var curves = await report.Page.EvaluateAsync<JsonElement>("""
            () => [...document.querySelectorAll('canvas[data-chart="capacity-curve"]')].map(c => {
              const chart = Chart.getChart(c);
              const line = label => (chart.data.datasets.find(d => d.label === label) || { data: [] }).data.map(p => p.y);
              return {
                x: chart.scales.x.type, y: chart.scales.y.type,
                sync: line('sync (blocking): measured'), async: line('async: measured'),
                forecastDashed: chart.data.datasets.some(d => d.label === 'sync: forecast' && d.borderDash.length > 0),
              };
            })
            """);

        // Assert
        Assert.Empty(report.Problems);
        Assert.All(painted, count => Assert.True(count > 2000, $"a chart canvas is (nearly) blank: {count} painted pixels"));
        var charts = curves.EnumerateArray().ToList();
        Assert.Equal(2, charts.Count);
        foreach (var chart in charts)
        {
            Assert.Equal(("logarithmic", "logarithmic"), (chart.GetProperty("x").GetString(), chart.GetProperty("y").GetString()));
            var sync = Values(chart.GetProperty("sync"));
            var async = Values(chart.GetProperty("async"));
            Assert.True(sync[^1] > 5 * sync[0], $"the blocking curve should rise: {string.Join(", ", sync)}");
            Assert.Single(async.Distinct());
            Assert.True(chart.GetProperty("forecastDashed").GetBoolean());
        }
    }

    [Fact]
    public async Task Each_variant_shows_one_held_load_by_the_second_with_its_pool_threads_and_the_SLA()
    {
        // Arrange
        await using var report = await OpenAsync(1400);

        // Act
        var holds = await report.Page.EvaluateAsync<JsonElement>("""
            () => [...document.querySelectorAll('canvas[data-chart="hold"]')].map(c => {
              const chart = Chart.getChart(c);
              return { y: chart.scales.y.type, y1: chart.scales.y1.type, labels: chart.data.datasets.map(d => d.label) };
            })
            """);

        // Assert
        Assert.Empty(report.Problems);
        var charts = holds.EnumerateArray().ToList();
        Assert.Equal(4, charts.Count);
        Assert.All(charts, chart =>
        {
            Assert.Equal(("logarithmic", "linear"), (chart.GetProperty("y").GetString(), chart.GetProperty("y1").GetString()));
            var labels = chart.GetProperty("labels").EnumerateArray().Select(l => l.GetString()!).ToList();
            Assert.Equal("pool threads", labels[1]);
            Assert.StartsWith("SLA: p95 ≤ ", labels[2], StringComparison.Ordinal);
        });
    }

    [Theory]
    [InlineData(1280)]
    [InlineData(1920)]
    public async Task At_a_glance_and_every_table_fit_the_window(int width)
    {
        // Arrange
        await using var report = await OpenAsync(width);

        // Act
        var overflows = await report.OverflowsAsync();

        // Assert
        Assert.True(overflows.Length == 0, $"at {width} px: {string.Join("; ", overflows)}");
    }

    private async Task<ReportInBrowser> OpenAsync(int width)
    {
        var path = Path.Combine(_output, $"sustained-{width}.html");
        await File.WriteAllTextAsync(path, HtmlReport.Render(Golden(SyntheticSustainedRun.FileName)));
        log.WriteLine($"rendered to {path}");
        return await ReportInBrowser.OpenAsync(path, width);
    }

    private static List<double> Values(JsonElement values) =>
        [.. values.EnumerateArray().Where(v => v.ValueKind == JsonValueKind.Number).Select(v => v.GetDouble())];

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
