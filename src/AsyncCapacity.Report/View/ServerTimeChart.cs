using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>The gap between client and server p50 is time outside the handler; log scale, as one is µs and the other s.</summary>
internal static class ServerTimeChart
{
    private const string Note =
        "Log scale. Solid: p50 latency seen by the client (k6); dashed, same colour: p50 time inside the app "
        + "(Server-Timing app;dur). "
        + "The gap between a variant's two lines is time spent outside the handler: waiting for a thread, in queues, "
        + "in the network stack and in k6 itself.";

    public static bool IsDrawn(ExperimentResult experiment) => ExperimentGauges.Of(experiment).Any(g => g.ComparesServerTime);

    public static ChartModel Of(ExperimentResult experiment, string id)
    {
        var datasets = new List<DatasetModel>();
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            var variant = experiment.Variants[i];
            var color = VariantPalette.Of(experiment.Variants, i).Color;
            var client = Line($"{StepLines.Legend(variant)}: client p50", color, experiment.Model, variant, s => s.P50Ms);
            var server = Line($"{variant.Name}: server p50", color, experiment.Model, variant, s => s.ServerP50Ms);
            datasets.Add(client with { Width = 2.5 });
            datasets.Add(server with { Dash = [6, 4], PointStyle = "rect" });
        }

        return new ChartModel(id, "server-time", null, "Client p50 vs server p50 by concurrency", Note, datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = StepLines.LoadAxis(experiment),
                ["y"] = LogAxis.Of("p50", datasets.SelectMany(d => d.Points).Select(p => p.Y)),
            },
            Wide: true);
    }

    private static DatasetModel Line(
        string label, string color, LoadModel model, VariantResult variant, Func<StepResult, double?> value) =>
        new(label, color,
            // One point per load: the median of its runs (a searched load was run up to three times).
            [.. variant.Steps.Where(s => value(s) > 0).GroupBy(s => s.Concurrency).OrderBy(g => g.Key)
                .Select(g => (Load: g.Key, Median: g.Select(s => value(s)!.Value).Order().ElementAt(g.Count() / 2)))
                .Select(p => new PointModel(p.Load, p.Median, $"{label}: {Format.Duration(p.Median)} at {model.Load(p.Load)}"))],
            PointRadius: 3.5, HoverRadius: 6);
}
