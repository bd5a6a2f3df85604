using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>Every variant's timeline is drawn on the same scales, so that their heights compare.</summary>
internal static class TimelineChart
{
    private const double Floor = 10;

    public static IEnumerable<ChartModel> Of(ExperimentResult experiment, Func<int, string> id)
    {
        var gauges = ExperimentGauges.Of(experiment);
        var timelines = experiment.Variants
            .Select((v, i) => VariantTimeline.Of(v, TimelineSeries.For(gauges, VariantPalette.Of(experiment.Variants, i).Color)))
            .ToList();
        var shared = new TimelineScale(
            Math.Max(Floor, timelines.Max(t => t.Max(GaugeAxis.Held))),
            Math.Max(Floor, timelines.Max(t => t.Max(GaugeAxis.Waiting))),
            timelines.Max(t => t.Max(GaugeAxis.Rate)));
        var title = Format.And(["Thread pool", .. gauges.Where(g => g.Series.Count > 0).Select(g => g.Name)]) + " over time";
        var note = TimelineNote.Of(timelines[0].Series, shared.Rate > 0);
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            var variant = experiment.Variants[i];
            yield return variant.Timeline.Count == 0
                ? new ChartModel(id(i), "timeline", i, $"{title}: {variant.Name}",
                    "No timeline of the app for this variant in this file: a standalone k6 run, a target without /diag/runtime, "
                        + "or a results.json saved without its timelines.",
                    [], new Dictionary<string, AxisModel>())
                : new ChartModel(id(i), "timeline", i, $"{title}: {variant.Name}", note,
                    [.. TimelineDatasets.Of(timelines[i], shared), .. AdjustmentMarkers.Of(variant, timelines[i].StartMs)],
                    Axes(timelines[i], shared),
                    Legend: "bottom", Interaction: "index", Markers: Markers(experiment, variant, timelines[i]));
        }
    }

    private static Dictionary<string, AxisModel> Axes(VariantTimeline timeline, TimelineScale shared)
    {
        // An axis of several series says how it is drawn, and the legend says which is which: their labels joined do not
        // fit the height of a chart.
        string Title(GaugeAxis axis) =>
            timeline.Series.Where(s => s.Axis == axis && !s.Reference).Select(s => s.Label).ToList() switch
            {
                [var only] => only,
                _ => axis == GaugeAxis.Waiting ? "waiting (dashed)" : axis == GaugeAxis.Held ? "held (solid)" : "per second",
            };
        var axes = new Dictionary<string, AxisModel>
        {
            ["x"] = LinearAxis.Of("seconds since the first sample", timeline.LastSecond, s => Format.Number(s) + " s", "bottom"),
            ["y"] = LinearAxis.Of(Title(GaugeAxis.Held), shared.Held, n => Format.Count(n), "left", wholeSteps: true),
            ["y1"] = LinearAxis.Of(Title(GaugeAxis.Waiting), shared.Waiting, n => Format.Count(n), "right", wholeSteps: true, grid: false),
        };
        if (timeline.Series.FirstOrDefault(s => s.Axis == GaugeAxis.Rate) is { } rate)
        {
            // Without a single event the rate lies flat on the time axis and its legend says so: no axis for it.
            axes["y2"] = LinearAxis.Of(Title(GaugeAxis.Rate), Math.Max(Floor, shared.Rate), Format.Number, "right",
                grid: false, display: shared.Rate > 0, color: rate.Color);
        }

        return axes;
    }

    private static List<StepMarker> Markers(ExperimentResult experiment, VariantResult variant, VariantTimeline timeline)
    {
        double Seconds(DateTimeOffset at) => (at.ToUnixTimeMilliseconds() - timeline.StartMs) / 1000.0;
        return [.. variant.Steps
            .Select(s => new StepMarker(
                Seconds(s.StartedAt), Seconds(s.MeasuredFrom), experiment.Model.Load(s.Concurrency), Format.Count(s.Concurrency)))
            .Where(m => m.At >= -5 && m.At <= timeline.LastSecond + 5)];
    }
}

internal sealed record TimelineScale(double Held, double Waiting, double Rate);
