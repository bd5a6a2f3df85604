using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.View;

/// <summary>Throughput vs clients, one line per variant, and the ideal (clients × one client's best rate) dashed.</summary>
internal static class ThroughputChart
{
    public static ChartModel Of(ExperimentResult experiment, string id)
    {
        string Rps(double rps) => $"{Format.Rps(rps)} {experiment.RateUnit}";
        var datasets = experiment.Variants.SelectMany((_, i) => StepLines.Of(experiment, i, s => s.Rps, Rps)).ToList();
        var clients = StepLines.Concurrencies(experiment);
        var ideal = string.Empty;
        if (experiment.Model.IsOpen && clients.Count > 0)
        {
            // Open model: the ideal is to serve every arrival, achieved = offered.
            datasets.Add(StepLines.Guide(experiment, "ideal: achieved = offered", ChartColors.Ideal, clients.Select(c => ((double)c, (double)c)), Rps));
            ideal = " Dashed grey: the ideal, every arrival served (achieved = offered).";
        }
        else if (experiment.IdealRpsPerClient is { } perClient && clients.Count > 0)
        {
            datasets.Add(StepLines.Guide(experiment, $"ideal: clients × {Format.Rps(perClient)} {experiment.RateUnit}", ChartColors.Ideal,
                clients.Select(c => ((double)c, c * perClient)), Rps));
            ideal = $" Dashed grey: the ideal, clients × {Format.Rps(perClient)} {experiment.RateUnit}.";
        }

        var top = datasets.SelectMany(d => d.Points).Select(p => p.Y ?? 0).DefaultIfEmpty(1).Max();
        return new ChartModel(id, "throughput", null, $"{experiment.Load.RateTitle} vs {experiment.Model.AxisName}",
            $"{experiment.RateUnit} per load: the line through the median of its runs, a cross where most missed the SLA. Points: every probe of the capacity search (diamonds: the runs that decided the capacity; triangles: the search's other probes).{ideal}",
            datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = StepLines.LoadAxis(experiment),
                ["y"] = LinearAxis.Of(experiment.RateUnit, top, Format.Number),
            });
    }
}
