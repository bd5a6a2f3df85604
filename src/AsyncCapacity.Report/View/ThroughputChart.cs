using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.View;

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
            datasets.Add(StepLines.Guide(experiment, "ideal: achieved = offered",
                ChartColors.Ideal, clients.Select(c => ((double)c, (double)c)), Rps));
            ideal = " Dashed grey: the ideal, every arrival served (achieved = offered).";
        }
        else if (experiment.IdealRpsPerClient is { } perClient && clients.Count > 0)
        {
            datasets.Add(StepLines.Guide(experiment, $"ideal: clients × {Format.Rps(perClient)} {experiment.RateUnit}", ChartColors.Ideal,
                clients.Select(c => ((double)c, c * perClient)), Rps));
            ideal = $" Dashed grey: the ideal, clients × {Format.Rps(perClient)} {experiment.RateUnit}.";
        }

        var fits = new List<string>();
        var (curves, stars) = (0, 0);
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            if (experiment.Variants[i].Prediction?.Usl is not { } usl || clients.Count == 0)
            {
                continue;
            }

            var variant = experiment.Variants[i];
            fits.Add($"{variant.Name}: {PredictionText.Usl(usl, experiment.Model, experiment.RateUnit)}");
            if (usl.Fits)
            {
                datasets.Add(UslCurve(experiment, i, usl, clients, Rps));
                curves++;
                if (usl is { PeakLoad: { } peak, PeakRps: { } peakRps } && peak >= clients[0] && peak <= clients[^1])
                {
                    var label = $"{variant.Name}: USL peak";
                    datasets.Add(new DatasetModel(label, VariantPalette.Of(experiment.Variants, i).Color,
                        [new PointModel(peak, peakRps, $"{label}: {Rps(peakRps)} at {experiment.Model.Load(Math.Round(peak))}")],
                        PointStyle: "star", PointRadius: 7, HoverRadius: 8, Order: 4, ShowLine: false));
                    stars++;
                }
            }
        }

        var fitNote = FitNote(fits, curves, stars);
        var top = datasets.SelectMany(d => d.Points).Select(p => p.Y ?? 0).DefaultIfEmpty(1).Max();
        return new ChartModel(id, "throughput", null, $"{experiment.Load.RateTitle} vs {experiment.Model.AxisName}",
            $"{experiment.RateUnit} per load: the line through the median of its runs, a cross where most missed the SLA. "
                + $"Points: every probe of the capacity search "
                + $"(diamonds: the runs that decided the capacity; triangles: the search's other probes).{ideal}{fitNote}",
            datasets,
            new Dictionary<string, AxisModel>
            {
                ["x"] = StepLines.LoadAxis(experiment),
                ["y"] = LinearAxis.Of(experiment.RateUnit, top, Format.Number),
            });
    }

    internal static string FitNote(IReadOnlyList<string> fits, int curves, int stars) => (fits.Count, curves, stars) switch
    {
        (0, _, _) => string.Empty,
        (_, 0, _) => $" The Universal Scalability Law, fitted to each variant's medians, drew no curve here ({string.Join("; ", fits)}).",
        (_, _, 0) => $" Dotted, in each variant's colour: the Universal Scalability Law fitted to its medians ({string.Join("; ", fits)}).",
        _ => $" Dotted, in each variant's colour: the Universal Scalability Law fitted to its medians, "
            + $"a star at its peak where that lies within the loads measured ({string.Join("; ", fits)}).",
    };

    /// <summary>48 points spaced evenly on a log scale (the x axis often is).</summary>
    private static DatasetModel UslCurve(ExperimentResult experiment, int index, UslFit usl,
        IReadOnlyList<int> clients, Func<double, string> text)
    {
        var (first, last) = ((double)clients[0], (double)clients[^1]);
        const int Points = 48;
        var loads = Enumerable.Range(0, Points).Select(k => first * Math.Pow(last / first, k / (double)(Points - 1)));
        var label = $"{experiment.Variants[index].Name}: USL fit";
        return new DatasetModel(label, VariantPalette.Of(experiment.Variants, index).Color,
            [.. loads.Select(n => new PointModel(n, usl.At(n), $"{label}: {text(usl.At(n))} at {experiment.Model.Load(Math.Round(n))}"))],
            Width: 1.5, Dash: [2, 3], HoverRadius: 0, Order: 5);
    }
}
