using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

/// <summary>p95 latency vs clients on a log scale (a blocking variant reaches tens of seconds), with the SLA dashed.</summary>
internal static class LatencyChart
{
    public static ChartModel Of(ExperimentResult experiment, string id)
    {
        var datasets = experiment.Variants
            .SelectMany((_, i) => StepLines.Of(
                experiment, i, s => s.P95Ms > 0 ? s.P95Ms : null, ms => Format.Latency(ms, experiment.Load.LatencyResolutionMs)))
            .ToList();
        var clients = StepLines.Concurrencies(experiment);
        var sla = experiment.Sla.P95Ms;
        if (clients.Count > 0)
        {
            datasets.Add(StepLines.Guide(experiment, $"SLA: p95 ≤ {Format.Duration(sla)}", ChartColors.Sla,
                [(clients[0], sla), (clients[^1], sla)], ms => Format.Duration(ms)));
        }

        return new ChartModel(id, "latency", null, $"p95 {experiment.Load.LatencyName} vs {experiment.Model.AxisName}",
            $"Log scale. Dashed: the SLA, p95 ≤ {Format.Duration(sla)}.",
            datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = StepLines.LoadAxis(experiment),
                ["y"] = LogAxis.Of("p95 latency", datasets.SelectMany(d => d.Points).Select(p => p.Y)),
            });
    }
}
