using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Compare;

/// <summary>compare.html's charts, built from the report's own models and axes so both pages read alike: runs overlaid.</summary>
internal static class CompareCharts
{
    /// <summary>One colour per run, distinct for colour-blind readers (Okabe-Ito), baseline first.</summary>
    public static IReadOnlyList<string> RunColors { get; } = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

    public static string RunColor(int run) => RunColors[run % RunColors.Count];

    public static IReadOnlyList<ChartModel> Of(RunComparison comparison, ExperimentComparison experiment, int index)
    {
        var rate = $"{experiment.Load.RateUnit}";
        var resolution = experiment.Load.LatencyResolutionMs;
        var throughput = Datasets(comparison, experiment, s => s.Rps, value => $"{Format.Rps(value)} {rate}");
        var latency = Datasets(comparison, experiment, s => s.P95Ms > 0 ? s.P95Ms : null, value => Format.Latency(value, resolution));
        var steps = experiment.Variants.SelectMany(v => v.Steps).Select(s => (double)s.Concurrency).DefaultIfEmpty(1).ToList();
        var loadAxis = StepLines.LoadAxis(experiment.Model, steps);
        latency.Add(new DatasetModel($"SLA: p95 ≤ {Format.Duration(experiment.Sla.P95Ms)}", ChartColors.Sla,
            [new PointModel(steps.Min(), experiment.Sla.P95Ms, null), new PointModel(steps.Max(), experiment.Sla.P95Ms, null)],
            Width: 1.5, Dash: [6, 4], HoverRadius: 0, Order: 10, Tooltip: false));
        const string Note = "One colour per run (the baseline first); blocking variants dashed; a cross marks a step that missed the SLA.";
        return
        [
            new ChartModel($"c{index}-throughput", "throughput", null, $"{experiment.Load.RateTitle} vs {experiment.Model.AxisName}",
                Note, throughput,
                new Dictionary<string, AxisModel>
                {
                    ["x"] = loadAxis,
                    ["y"] = LinearAxis.Of(
                        rate, throughput.SelectMany(d => d.Points).Select(p => p.Y ?? 0).DefaultIfEmpty(1).Max(), Format.Number),
                }),
            new ChartModel($"c{index}-latency", "latency", null, $"p95 {experiment.Load.LatencyName} vs {experiment.Model.AxisName}",
                "Log scale. " + Note + " Dashed grey: the SLA.", latency,
                new Dictionary<string, AxisModel>
                {
                    ["x"] = loadAxis,
                    ["y"] = LogAxis.Of($"p95 {experiment.Load.LatencyName}", latency.SelectMany(d => d.Points).Select(p => p.Y)),
                }),
        ];
    }

    private static List<DatasetModel> Datasets(
        RunComparison comparison, ExperimentComparison experiment, Func<StepResult, double?> value, Func<double, string> text) =>
        [.. comparison.Runs.SelectMany((run, r) => experiment.Variants.Select(variant =>
        {
            var label = $"{run.Label} · {variant.Name}";
            var points = variant.Steps
                .Select(step => (step.Concurrency, Result: step.Runs[r]))
                .Where(s => value(s.Result) is not null)
                .Select(s => new PointModel(s.Concurrency, value(s.Result),
                    $"{label}: {text(value(s.Result)!.Value)} at {experiment.Model.Load(s.Concurrency)}",
                    s.Result.MeetsSla ? null : "crossRot", s.Result.MeetsSla ? null : 6));
            return new DatasetModel(label, RunColor(r), [.. points], Width: 2.25,
                Dash: variant.Blocking ? [6, 4] : null, PointRadius: 3.5, HoverRadius: 7);
        }))];
}
