using System.Globalization;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// Empty canvases with their captions; report.js finds them by <c>data-chart</c> and draws them from the
/// report-data JSON. The captions say what to look for, so they are useful even where the charts are not.
/// </summary>
internal static class ChartFigures
{
    private const string StepMarkersNote = "Dotted lines: each step's start and its clients; shaded: warm-up.";

    private const string TimelineNote =
        "Pool threads (solid, left axis) and work items queued for a thread (dashed, right axis), sampled each second, "
        + "on the same scales for every variant. " + StepMarkersNote;

    public static void Write(HtmlWriter html, RunInfo run, ExperimentResult experiment, int experimentIndex)
    {
        var experimentAttribute = experimentIndex.ToString(CultureInfo.InvariantCulture);
        html.Open("div", "charts");

        var ideal = experiment.IdealRpsPerClient is { } perClient
            ? $" Dashed grey: the ideal, clients × {Display.Rps(perClient)} req/s."
            : string.Empty;
        Figure(html, "Throughput vs concurrent clients", "throughput", experimentAttribute, null,
            $"req/s per step.{ideal} A cross marks a step that missed the SLA.");
        Figure(html, "p95 latency vs concurrent clients", "latency", experimentAttribute, null,
            $"Log scale. Dashed: the SLA, p95 ≤ {Display.Ms(experiment.Sla.P95Ms)}.");

        var connectionPool = ConnectionPool.IsWatched(experiment);
        var timelineNote = connectionPool ? ConnectionPoolTimelineNote(run.DatabasePoolSize) : TimelineNote;
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            var variant = experiment.Variants[i];
            var title = connectionPool ? $"Thread pool and connection pool over time: {variant.Name}" : $"Thread pool over time: {variant.Name}";
            if (variant.Timeline.Count == 0)
            {
                html.Open("figure", "chart chart-empty")
                    .Element("figcaption", null, title)
                    .Element("p", "chart-note", "No server timeline was recorded for this variant (a standalone k6 run, or a target without /diag/runtime).")
                    .Close("figure");
                continue;
            }

            Figure(html, title, "timeline", experimentAttribute, i.ToString(CultureInfo.InvariantCulture), timelineNote);
        }

        html.Close("div");
    }

    /// <summary>What is held on the left axis (solid), what waits on the right (dashed), and the pool's ceiling.</summary>
    private static string ConnectionPoolTimelineNote(int? poolSize)
    {
        var ceiling = poolSize is { } size
            ? $" Long purple dashes: the pool's size, {size.ToString("#,0", CultureInfo.InvariantCulture)} connections."
            : string.Empty;
        return "Solid, left axis: pool threads and connections in use (purple). Dashed, right axis: work items queued for a thread "
            + "and requests waiting for a connection (purple)." + ceiling
            + " Sampled each second, on the same scales for every variant. " + StepMarkersNote;
    }

    private static void Figure(HtmlWriter html, string title, string chart, string experiment, string? variant, string note)
    {
        html.Open("figure", "chart")
            .Element("figcaption", null, title)
            .Open("div", "chart-box")
            .Open("canvas", null, ("data-chart", chart), ("data-experiment", experiment), ("data-variant", variant),
                ("role", "img"), ("aria-label", title))
            .Close("canvas")
            .Close("div")
            .Element("p", "chart-note", note)
            .Close("figure");
    }
}
