using System.Collections.Concurrent;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Pool;
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

    public static ChartModel? Of(ExperimentResult experiment, int index, string id, RunInfo run)
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
            .. SimulatedThreads(experiment, variant, hold, run, last),
        ];
        var p95s = seconds.Select(s => s.P95Ms > 0 ? s.P95Ms : null).Append(sla);
        var threadsHigh = datasets.Where(d => d.Axis == "y1").SelectMany(d => d.Points).Max(p => p.Y ?? 0);
        return new ChartModel(id, "hold", index, CurveChartText.HoldTitle(variant.Name, hold.Concurrency, experiment.Model),
            CurveChartText.HoldNote(hold, experiment.Sla), datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = LinearAxis.Of("seconds under load", last, s => Format.Number(s) + " s", "bottom"),
                ["y"] = LogAxis.Of("p95 latency", p95s),
                ["y1"] = LinearAxis.Of("pool threads", Math.Max(1, threadsHigh), n => Format.Count(n), "right",
                    wholeSteps: true, grid: false),
            },
            Legend: "bottom",
            Interaction: "index",
            Markers: hold.CaughtUpAt is { } at
                ? [new StepMarker(at, at, CurveChartText.CaughtUp(at), Format.Seconds(at))]
                : null);
    }

    /// <summary>The pool's threads as the runtime's rules grow them under the same load (the forecast's simulation, with its
    /// runs): their 10th and 90th percentile each second, the band between them filled, so the measured line reads against it.
    /// Runs recorded before the simulation have none until `capacity forecast --refresh`.</summary>
    private static IEnumerable<DatasetModel> SimulatedThreads(
        ExperimentResult experiment, VariantResult variant, SustainedHold hold, RunInfo run, int last)
    {
        if (hold.Forecast is not { Simulated: { } simulated, Ceiling: null }
            || PoolFactsReader.Of(experiment, variant, run) is not { } facts)
        {
            return [];
        }

        var shape = PoolForecast.ShapeOf(facts, hold.Concurrency, run.Settings.MinWorkerThreads);
        var terms = new HoldTerms(hold.Concurrency, experiment.Sla, facts.Sessions);
        var band = Bands.GetOrAdd((shape, last + 1, simulated.Runs, terms),
            key => PoolForecast.Of(key.Shape, key.Terms, key.Seconds, key.Runs));
        var color = ChartColors.WithAlpha(ChartColors.Queue, 0.35);
        PointModel Point(BandSecond second, int threads, string which) =>
            new(second.Second, threads, CurveChartText.Second($"simulated threads, {which}", second.Second, Format.Count(threads)));
        return
        [
            new("simulated threads, 10th percentile", color, [.. band.Band.Select(b => Point(b, b.ThreadsLow, "10th percentile"))],
                Axis: "y1", Width: 1, Dash: [2, 3], HoverRadius: 3),
            new("simulated threads (10th–90th percentile)", color, [.. band.Band.Select(b => Point(b, b.ThreadsHigh, "90th percentile"))],
                Axis: "y1", Width: 1, Dash: [2, 3], HoverRadius: 3, Fill: ChartColors.WithAlpha(ChartColors.Queue, 0.12), FillTo: "-1"),
        ];
    }

    /// <summary>A report renders a chart more than once (the page, its tests): the same seeded band, simulated once.</summary>
    private static readonly ConcurrentDictionary<(PoolShape Shape, int Seconds, int Runs, HoldTerms Terms), PoolBand> Bands = new();
}
