using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>For one load a variant held: its p95 each second (log scale) and the pool's threads on the same time axis, the SLA
/// dashed and the catch-up marked: where the curve's point comes from.</summary>
internal static class HoldChart
{
    /// <summary>The curve's most telling load: the heaviest that had to catch up (not met from its first second), else the
    /// lightest still behind, else the first measured.</summary>
    public static SustainedHold? Chosen(Sustained sustained)
    {
        var measured = sustained.Holds.Where(h => h.EndedBy != HoldEnd.Failed && h.Seconds.Count > 0).ToList();
        return measured.Where(h => h.CaughtUpAt > 0).MaxBy(h => h.Concurrency)
            ?? measured.Where(h => !h.CaughtUp).MinBy(h => h.Concurrency)
            ?? measured.FirstOrDefault();
    }

    public static ChartModel? Of(ExperimentResult experiment, int index, string id)
    {
        var variant = experiment.Variants[index];
        if (variant.Sustained is not { } sustained || Chosen(sustained) is not { } hold)
        {
            return null;
        }

        var color = VariantPalette.Of(experiment.Variants, index).Color;
        var resolution = experiment.Load.LatencyResolutionMs;
        var seconds = hold.Seconds.OrderBy(s => s.Second).ToList();
        var last = Math.Max(1, seconds[^1].Second);
        var sla = experiment.Sla.P95Ms;
        var slaLabel = $"SLA: p95 ≤ {Format.Duration(sla)}";
        DatasetModel[] datasets =
        [
            new($"{StepLines.Legend(variant)}: p95", color,
                [.. seconds.Select(s => new PointModel(s.Second, s.P95Ms > 0 ? s.P95Ms : null,
                    s.P95Ms > 0 ? CurveChartText.Second("p95", s.Second, Format.Latency(s.P95Ms, resolution)) : null))],
                Width: 2.5, HoverRadius: 5),
            new("pool threads", ChartColors.Queue,
                [.. seconds.Select(s => new PointModel(s.Second, s.PoolThreads,
                    s.PoolThreads is { } threads ? CurveChartText.Second("pool threads", s.Second, Format.Count(threads)) : null))],
                Axis: "y1", Width: 1.5, HoverRadius: 4, Fill: ChartColors.WithAlpha(ChartColors.Queue, 0.08)),
            new(slaLabel, ChartColors.Sla, [new PointModel(0, sla, null), new PointModel(last, sla, null)],
                Width: 1.5, Dash: [6, 4], HoverRadius: 0, Order: 10, Tooltip: false),
        ];
        var p95s = seconds.Select(s => s.P95Ms > 0 ? s.P95Ms : null).Append(sla);
        return new ChartModel(id, "hold", index, CurveChartText.HoldTitle(variant.Name, hold.Concurrency, experiment.Model),
            CurveChartText.HoldNote(hold, experiment.Sla), datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = LinearAxis.Of("seconds under load", last, s => Format.Number(s) + " s", "bottom"),
                ["y"] = LogAxis.Of("p95 latency", p95s),
                ["y1"] = LinearAxis.Of("pool threads", Math.Max(1, seconds.Max(s => s.PoolThreads ?? 0)), n => Format.Count(n), "right",
                    wholeSteps: true, grid: false),
            },
            Legend: "bottom",
            Interaction: "index",
            Markers: hold.CaughtUpAt is { } at
                ? [new StepMarker(at, at, CurveChartText.CaughtUp(at), Format.Seconds(at))]
                : null);
    }
}
