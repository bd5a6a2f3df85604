using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>One chart per experiment whose loads were held: capacity against time under load, each variant's curve (a blocking
/// one rising, an awaiting one flat), its holds and intervals, the forecast dashed beside it (the pool simulated by the runtime's
/// rules), and the horizons the quick and standard profiles judge a knee at.</summary>
internal static class CapacityCurveChart
{
    /// <summary>Cli/Options/SweepProfile: warm-up + window, 2 + 4 s and 3 + 7 s.</summary>
    public static readonly IReadOnlyList<(string Profile, double Seconds)> ProfileHorizons = [("quick", 6), ("standard", 10)];

    /// <summary>A log axis has no 0: a load met from the start is drawn from the first second.</summary>
    private const double FirstSecond = 1;

    private const int LinePoints = 32;

    public static bool IsDrawn(ExperimentResult experiment) =>
        experiment.Variants.Any(v => v.Sustained?.Holds.Any(h => h.EndedBy != HoldEnd.Failed) == true);

    public static ChartModel Of(ExperimentResult experiment, string id)
    {
        var datasets = new List<DatasetModel>();
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            if (experiment.Variants[i].Sustained is { } sustained)
            {
                datasets.AddRange(Variant(experiment, i, sustained));
            }
        }

        var horizon = experiment.Variants.Max(v => v.Sustained?.HorizonSeconds ?? 0);
        var seconds = new double?[] { FirstSecond, horizon };
        var loads = datasets.SelectMany(d => d.Points).Select(p => p.Y);
        return new ChartModel(id, "capacity-curve", null, CurveChartText.CurveTitle(experiment.Model),
            CurveChartText.CurveNote(ProfileHorizons, FirstSecond), datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = LogAxis.Of("seconds under load", seconds, s => Format.Number(s) + " s", floor: FirstSecond, position: "bottom"),
                ["y"] = LogAxis.Of(experiment.Model.AxisName, loads, Format.Number, floor: 1),
            },
            Legend: "bottom",
            Markers: [.. ProfileHorizons.Select(h => new StepMarker(h.Seconds, h.Seconds,
                CurveChartText.Horizon(h.Profile, h.Seconds), Format.Seconds(h.Seconds)))],
            Wide: true);
    }

    private static IEnumerable<DatasetModel> Variant(ExperimentResult experiment, int index, Sustained sustained)
    {
        var variant = experiment.Variants[index];
        var color = VariantPalette.Of(experiment.Variants, index).Color;
        var name = StepLines.Legend(variant);
        var model = experiment.Model;
        var held = CapacityCurve.Points(sustained.Holds);
        var times = Times(sustained);
        var curve = times.Select(t => CapacityCurve.At(variant.Capacity, sustained.KneeHorizonSeconds, held, t)).OfType<CapacityAt>()
            .Select(p => new PointModel(Math.Max(FirstSecond, p.Seconds), p.Capacity, CurveChartText.Measured(variant.Name, p, model)));
        yield return new DatasetModel($"{name}: measured", color, [.. curve], Width: 2.5, HoverRadius: 5);
        yield return new DatasetModel($"{variant.Name}: interval", ChartColors.WithAlpha(color, 0.45),
            [.. Intervals(variant.Name, sustained)], Width: 3, HoverRadius: 4, Order: 1);
        yield return new DatasetModel($"{variant.Name}: loads held", color,
            [.. sustained.Holds.Where(h => h.EndedBy != HoldEnd.Failed).Select(h => new PointModel(
                Math.Max(FirstSecond, h.CaughtUpAt ?? h.HeldSeconds), h.Concurrency, CurveChartText.Hold(variant.Name, h, model),
                h.CaughtUp ? "circle" : "triangle", 5.5))],
            Width: 0, HoverRadius: 7, Order: -1, ShowLine: false);
        if (Forecast(variant.Name, sustained, model) is { Count: > 0 } forecast)
        {
            yield return new DatasetModel($"{variant.Name}: forecast", ChartColors.WithAlpha(color, 0.8), forecast,
                Width: 1.5, Dash: [6, 4], HoverRadius: 4, Order: 2);
        }
    }

    /// <summary>Evenly spaced on the log axis, with every time the curve turns at: the knee's horizon, each catch-up, its reads.</summary>
    private static IEnumerable<double> Times(Sustained sustained)
    {
        var end = sustained.HorizonSeconds;
        var even = Enumerable.Range(0, LinePoints).Select(k => FirstSecond * Math.Pow(end / FirstSecond, k / (double)(LinePoints - 1)));
        var turns = sustained.Holds.Select(h => (double?)h.CaughtUpAt).OfType<double>()
            .Concat(sustained.Curve.Select(p => p.Seconds)).Append(sustained.KneeHorizonSeconds);
        return even.Concat(turns).Where(t => t <= end + 1e-9).Select(t => Math.Round(t, 3)).Distinct().Order();
    }

    /// <summary>A vertical bar at each point the lab reads the curve at, from its low to its high end (broken between bars).</summary>
    private static IEnumerable<PointModel> Intervals(string variant, Sustained sustained)
    {
        foreach (var point in sustained.Curve.Where(p => p.High is { } high && high > p.Low))
        {
            var x = Math.Max(FirstSecond, point.Seconds);
            var label = CurveChartText.Interval(variant, point);
            yield return new PointModel(x, Math.Max(1, point.Low), label);
            yield return new PointModel(x, point.High, label);
            yield return new PointModel(x, null, null);
        }
    }

    /// <summary>The forecast's curve: the load each held load was forecast caught up with by when (the simulated runs' median), and
    /// the capacity the simulation gives at each time read.</summary>
    private static List<PointModel> Forecast(string variant, Sustained sustained, LoadModel model) =>
        [.. sustained.Holds.Where(h => h.Forecast?.CaughtUpAt is not null)
            .Select(h => (Seconds: h.Forecast!.CaughtUpAt!.Value, Load: h.Concurrency))
            .Concat(sustained.Curve.Where(p => p.Predicted is > 0).Select(p => (p.Seconds, Load: p.Predicted!.Value)))
            .OrderBy(p => p.Seconds).ThenBy(p => p.Load)
            .Select(p => new PointModel(Math.Max(FirstSecond, p.Seconds), p.Load,
                CurveChartText.Forecast(variant, p.Seconds, p.Load, model)))];
}
