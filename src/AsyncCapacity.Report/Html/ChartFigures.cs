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
        if (ServerTime.IsCompared(experiment))
        {
            Figure(html, "Client p50 vs server p50 by concurrency", "server-time", experimentAttribute, null, ServerTimeNote, "chart chart-wide");
        }

        // The audit queue, where there is one, takes the connection pool's place: it is what fills up first.
        var (timelineTitle, timelineNote) = AuditQueue.IsWatched(experiment)
            ? ("Thread pool and audit queue over time", AuditQueueTimelineNote(AuditQueue.AnyRejected(experiment)))
            : ConnectionPool.IsWatched(experiment)
                ? ("Thread pool and connection pool over time", ConnectionPoolTimelineNote(run.DatabasePoolSize))
                : ("Thread pool over time", TimelineNote);
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            var variant = experiment.Variants[i];
            var title = $"{timelineTitle}: {variant.Name}";
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

    private const string ServerTimeNote =
        "Log scale. Solid: p50 latency seen by the client (k6); dashed, same colour: p50 time inside the app (Server-Timing app;dur). "
        + "The gap between a variant's two lines is time spent outside the handler: waiting for a thread, in queues, "
        + "in the network stack and in k6 itself.";

    /// <summary>Threads, both queues, and the 503s: their rate on an axis of its own, or a word that there were none.</summary>
    private static string AuditQueueTimelineNote(bool anyRejected)
    {
        var rejections = anyRejected
            ? $" Red, outer right axis: requests answered {AuditQueue.Rejection} per second, from the rise of the refusal count "
                + "between two samples; a fresh app process restarts that count, so no rate spans a restart."
            : $" Red, flat at zero: no request was answered {AuditQueue.Rejection} in this experiment.";
        return "Solid, left axis: pool threads. Dashed, right axis: work items queued for a thread (grey) and audit entries queued "
            + "for the writers (teal)." + rejections + " Sampled each second, on the same scales for every variant. " + StepMarkersNote;
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

    private static void Figure(HtmlWriter html, string title, string chart, string experiment, string? variant, string note,
        string cssClass = "chart")
    {
        html.Open("figure", cssClass)
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
