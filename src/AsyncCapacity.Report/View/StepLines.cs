using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Report.View;

/// <summary>What the charts by concurrency share: a line per variant through its steps, and the clients axis.</summary>
internal static class StepLines
{
    /// <summary>A line through each load's median run (a cross where most missed); where the search probed beyond the coarse
    /// pass, every probe as a point: a diamond where it decided the capacity, a triangle otherwise, a cross for a miss.</summary>
    /// <param name="text">A value as its tooltip reads after the label: "16.2 req/s".</param>
    public static IEnumerable<DatasetModel> Of(ExperimentResult experiment, int index,
        Func<StepResult, double?> value, Func<double, string> text)
    {
        var variant = experiment.Variants[index];
        var label = Legend(variant);
        var color = VariantPalette.Of(experiment.Variants, index).Color;
        var loads = variant.Steps.Where(s => value(s) is not null).GroupBy(s => s.Concurrency).OrderBy(g => g.Key).ToList();
        var points = loads.Select(load =>
        {
            var runs = load.ToList();
            var median = runs.Select(s => value(s)!.Value).Median();
            var met = runs.Count(s => s.MeetsSla) * 2 > runs.Count;
            var tally = runs.Count > 1 ? $" (median of {runs.Count} runs, {runs.Count(s => s.MeetsSla)} met)" : "";
            return new PointModel(load.Key, median, $"{label}: {text(median)} at {experiment.Model.Load(load.Key)}{tally}",
                met ? null : "crossRot", met ? null : 6);
        });
        yield return new DatasetModel(label, color, [.. points], Width: 2.5, PointRadius: 3.5, HoverRadius: 7);

        if (variant.Steps.Count > loads.Count || variant.Steps.Any(s => s.Pass is not null and not ProbePass.Coarse))
        {
            var probes = variant.Steps.Where(s => value(s) is not null).Select(s => new PointModel(s.Concurrency, value(s),
                $"{variant.Name}, {Probe(s)} at {experiment.Model.Load(s.Concurrency)}: "
                    + $"{text(value(s)!.Value)}, {(s.MeetsSla ? "met" : "missed")}",
                !s.MeetsSla ? "crossRot" : s.Decided ? "rectRot" : s.Pass is null or ProbePass.Coarse ? "circle" : "triangle",
                s.Decided ? 5.5 : 3.5));
            yield return new DatasetModel($"{variant.Name}: every probe", ChartColors.WithAlpha(color, 0.7), [.. probes],
                Width: 0, PointRadius: 3.5, HoverRadius: 6, Order: 1, ShowLine: false);
        }
    }

    public static string Probe(StepResult step) => step.Pass switch
    {
        null or ProbePass.Coarse => step.Run > 1 ? $"run {step.Run}" : "coarse pass",
        ProbePass.Expand => "search beyond the steps",
        ProbePass.Narrow => "narrowing the bracket",
        _ => $"repeat (run {step.Run})",
    };

    public static string Legend(VariantResult variant) => variant.Name + (variant.Blocking ? " (blocking)" : string.Empty);

    /// <summary>A straight line of every variant's concurrencies (the ideal, the SLA), dashed and behind the variants.</summary>
    public static DatasetModel Guide(
        ExperimentResult experiment, string label, string color, IEnumerable<(double X, double Y)> points, Func<double, string> text) =>
        new(label, color, [.. points.Select(p => new PointModel(p.X, p.Y, $"{label}: {text(p.Y)} at {experiment.Model.Load(p.X)}"))],
            Width: 1.5, Dash: [6, 4], HoverRadius: 0, Order: 10);

    public static IReadOnlyList<int> Concurrencies(ExperimentResult experiment) =>
        [.. experiment.Variants.SelectMany(v => v.Steps).Select(s => s.Concurrency).Distinct().Order()];

    /// <summary>Linear within two decades of load; logarithmic beyond, where a linear scale would crush a searched knee at
    /// 3 clients against the axis of a climb to 4,000.</summary>
    public static AxisModel LoadAxis(ExperimentResult experiment) =>
        LoadAxis(experiment.Model, Concurrencies(experiment).Select(c => (double)c));

    public static AxisModel LoadAxis(LoadModel model, IEnumerable<double> loads)
    {
        var all = loads.DefaultIfEmpty(1).ToList();
        return all.Max() / Math.Max(1, all.Min()) > 100
            ? LogAxis.Of(model.AxisName, all.Select(l => (double?)l), Format.Number, floor: 1, position: "bottom")
            : LinearAxis.Of(model.AxisName, all.Max(), Format.Number, position: "bottom", wholeSteps: true);
    }
}
