using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.View;

/// <summary>What the charts by concurrency share: a line per variant through its steps, and the clients axis.</summary>
internal static class StepLines
{
    /// <summary>A variant's line, one point per step that has a value, by clients; a step that missed the SLA is a cross.</summary>
    /// <param name="text">A value as its tooltip reads after the label: "16.2 req/s".</param>
    public static DatasetModel Of(ExperimentResult experiment, int index, Func<StepResult, double?> value, Func<double, string> text)
    {
        var variant = experiment.Variants[index];
        var label = Legend(variant);
        var points = variant.Steps
            .OrderBy(s => s.Concurrency)
            .Where(s => value(s) is not null)
            .Select(s => new PointModel(s.Concurrency, value(s), $"{label}: {text(value(s)!.Value)} at {experiment.Model.Load(s.Concurrency)}",
                s.MeetsSla ? null : "crossRot", s.MeetsSla ? null : 6))
            .ToList();
        return new DatasetModel(label, VariantPalette.Of(experiment.Variants, index).Color, points,
            Width: 2.5, PointRadius: 3.5, HoverRadius: 7);
    }

    /// <summary>"sync (blocking)", "async": the variant as every legend names it.</summary>
    public static string Legend(VariantResult variant) => variant.Name + (variant.Blocking ? " (blocking)" : string.Empty);

    /// <summary>A straight line of every variant's concurrencies (the ideal, the SLA), dashed and behind the variants.</summary>
    public static DatasetModel Guide(
        ExperimentResult experiment, string label, string color, IEnumerable<(double X, double Y)> points, Func<double, string> text) =>
        new(label, color, [.. points.Select(p => new PointModel(p.X, p.Y, $"{label}: {text(p.Y)} at {experiment.Model.Load(p.X)}"))],
            Width: 1.5, Dash: [6, 4], HoverRadius: 0, Order: 10);

    public static IReadOnlyList<int> Concurrencies(ExperimentResult experiment) =>
        [.. experiment.Variants.SelectMany(v => v.Steps).Select(s => s.Concurrency).Distinct().Order()];

    /// <summary>The x axis of the charts by step: concurrent clients (closed model) or offered req/s (open model).</summary>
    public static AxisModel LoadAxis(ExperimentResult experiment) =>
        LinearAxis.Of(experiment.Model.AxisName, Concurrencies(experiment).DefaultIfEmpty(1).Max(), Format.Number, position: "bottom", wholeSteps: true);
}
