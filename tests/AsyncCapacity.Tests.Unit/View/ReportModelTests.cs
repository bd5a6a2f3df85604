using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.View;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.View;

/// <summary>
/// The chart model, built in C# from a results document, that report.js only hands to Chart.js: the values, rates,
/// breaks, scales, ticks, tooltips and colours of every chart. Expected values are literal.
/// </summary>
public sealed class ReportModelTests
{
    private const string Rate = "503 (queue full) per second";

    private static readonly ResultsDocument Sleep = Golden("results-sleep.json");

    [Fact]
    public void A_running_total_is_drawn_as_its_rise_per_second_and_no_rate_spans_a_restart_or_a_gap()
    {
        // Arrange: a fresh process at 3 s (its work-item count went down), then a 4 s gap before the last sample.
        var timeline = Timeline((0, 100, 0), (1_000, 200, 10), (2_000, 300, 40), (3_000, 50, 5), (4_000, 150, 25), (8_000, 250, 35));

        // Act
        var series = Dataset(TimelineOf(timeline), Rate);

        // Assert
        Assert.Equal([0, 1, 2, 2.5, 3, 4, 6, 8], series.Points.Select(p => p.X));
        Assert.Equal([null, 10, 30, null, null, 20, null, null], series.Points.Select(p => p.Y));
        Assert.Equal($"{Rate}: 30.0", series.Points[2].Label);
        Assert.Equal("y2", series.Axis);
        Assert.NotNull(series.Fill);
    }

    [Fact]
    public void The_thread_pool_series_break_where_the_rates_do()
    {
        // Arrange
        var timeline = Timeline((0, 100, 0), (1_000, 200, 0), (2_000, 50, 0));

        // Act
        var chart = TimelineOf(timeline);
        var threads = Dataset(chart, "pool threads");

        // Assert
        Assert.Equal([3, 4, null, 5], threads.Points.Select(p => p.Y));
        Assert.Equal(["pool threads: 3", "pool threads: 4", null, "pool threads: 5"], threads.Points.Select(p => p.Label));
        Assert.Equal(["pool threads", "queued work items", "audit entries queued", $"{Rate}: none in this experiment"],
            chart.Datasets.Select(d => d.Label));
        Assert.False(chart.Axes["y2"].Display);
    }

    [Fact]
    public void Every_variants_timeline_shares_the_scales_of_the_busiest()
    {
        // Arrange
        var experiment = Sleep.Experiments[0];
        var busy = Timeline((0, 1, 0)).Select(s => s with { ThreadCount = 57, PendingWorkItems = 130 }).ToList();
        var idle = Timeline((0, 1, 0));
        var document = Sleep with
        {
            Experiments = [experiment with { Variants = [experiment.Variants[0] with { Timeline = busy },
            experiment.Variants[1] with { Timeline = idle }] }]
        };

        // Act
        var timelines = ReportModel.Of(document).Experiments[0].Where(c => c.Kind == "timeline").ToList();

        // Assert
        Assert.All(timelines, t => Assert.Equal((60, 150), (t.Axes["y"].Max, t.Axes["y1"].Max)));
        Assert.Equal(["0", "10", "20", "30", "40", "50", "60"], timelines[1].Axes["y"].Ticks.Select(t => t.Label));
    }

    [Fact]
    public void A_log_axis_over_five_decades_labels_only_the_powers_of_ten()
    {
        // Arrange, Act
        var axis = LogAxis.Of("p50", [0.006, 92]);

        // Assert
        Assert.Equal(("logarithmic", 0.002, 200), (axis.Type, axis.Min, axis.Max));
        Assert.Equal(16, axis.Ticks.Count);
        Assert.Equal(["10 µs", "100 µs", "1 ms", "10 ms", "100 ms"], axis.Ticks.Select(t => t.Label).Where(l => l.Length > 0));
    }

    [Fact]
    public void A_log_axis_over_less_than_three_decades_labels_every_1_2_5_tick()
    {
        // Arrange, Act
        var axis = LogAxis.Of("p95 latency", [505, 6500]);

        // Assert
        Assert.Equal((200, 10_000), (axis.Min, axis.Max));
        Assert.Equal(["200 ms", "500 ms", "1 s", "2 s", "5 s", "10 s"], axis.Ticks.Select(t => t.Label));
        Assert.Equal("p95 latency (log scale)", axis.Title);
    }

    [Fact]
    public void Blocking_variants_take_the_warm_colours_and_the_others_the_cool_ones_in_order()
    {
        // Arrange
        var variant = Sleep.Experiments[0].Variants[0];
        IReadOnlyList<VariantResult> variants =
            [variant with { Blocking = true }, variant with { Blocking = false },
                variant with { Blocking = true }, variant with { Blocking = false }];

        // Act
        var colors = variants.Select((_, i) => VariantPalette.Of(variants, i)).ToList();

        // Assert
        Assert.Equal(["#d9480f", "#1971c2", "#c2255c", "#2f9e44"], colors.Select(c => c.Color));
        Assert.Equal(["variant variant-blocking-0", "variant variant-async-0", "variant variant-blocking-1", "variant variant-async-1"],
            colors.Select(c => c.CssClass));
    }

    [Fact]
    public void The_throughput_chart_marks_missed_steps_with_crosses_and_reads_its_tooltips()
    {
        // Arrange, Act
        var chart = ReportModel.Of(Sleep).Experiments[0][0];

        // Assert
        Assert.Equal(("throughput", "Throughput vs concurrent clients"), (chart.Kind, chart.Title));
        // The USL fits async's curve (the dotted line in its colour); sync's hard cap of threads it does not.
        Assert.Equal(["sync (blocking)", "async", "ideal: clients × 2.0 req/s", "async: USL fit"], chart.Datasets.Select(d => d.Label));
        Assert.Contains("sync: the USL does not fit", ReportModel.Of(Sleep).Experiments[0][0].Note, StringComparison.Ordinal);
        var sync = chart.Datasets[0].Points;
        Assert.Equal([null, "crossRot", "crossRot", "crossRot", "crossRot", "crossRot"], sync.Select(p => p.Style));
        Assert.Equal("async: 794 req/s at 400 clients", chart.Datasets[1].Points[^1].Label);
        // 1 to 400 clients: more than two decades, so the load axis is logarithmic and the small loads keep their room
        Assert.Equal("logarithmic", chart.Axes["x"].Type);
        Assert.Equal(["1", "2", "5", "10", "20", "50", "100", "200", "500"], chart.Axes["x"].Ticks.Select(t => t.Label));
    }

    [Fact]
    public void Timeline_markers_are_each_steps_start_labelled_with_its_clients()
    {
        // Arrange, Act
        var timeline = ReportModel.Of(Sleep).Experiments[0].First(c => c.Kind == "timeline");

        // Assert
        Assert.Equal(["1 client", "10 clients", "50 clients", "100 clients", "200 clients", "400 clients"],
            timeline.Markers!.Select(m => m.Label));
        Assert.All(timeline.Markers!, m => Assert.True(m.MeasuredFrom > m.At, "a warm-up to shade"));
        Assert.Equal("Thread pool over time: sync", timeline.Title);
    }

    /// <summary>Samples a second apart by default: (ms, completed work items, refusals so far); threads count up from 3.</summary>
    private static List<RuntimeSample> Timeline(params (long Ms, long Completed, double Rejected)[] samples) =>
        [.. samples.Select((s, i) => new RuntimeSample(StepStart + s.Ms, 3 + i, 0, s.Completed, 1, 10, 1, 1,
            new Dictionary<string, double> { [GaugeKeys.AuditQueued] = 0, [GaugeKeys.AuditRejected] = s.Rejected }))];

    private static long StepStart => Sleep.Experiments[0].Variants[0].Timeline[0].TimestampMs;

    private static ChartModel TimelineOf(IReadOnlyList<RuntimeSample> timeline)
    {
        var experiment = Sleep.Experiments[0];
        var variants = experiment.Variants.Select(v => v with { Timeline = timeline }).ToList();
        var document = Sleep with { Experiments = [experiment with { Variants = variants, Gauges = ["audit-queue"] }] };
        return ReportModel.Of(document).Experiments[0].First(c => c.Kind == "timeline");
    }

    private static DatasetModel Dataset(ChartModel chart, string label) =>
        chart.Datasets.Single(d => d.Label.StartsWith(label, StringComparison.Ordinal));
}
