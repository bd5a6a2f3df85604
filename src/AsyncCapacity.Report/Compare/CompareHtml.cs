using System.Globalization;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Html;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Compare;

/// <summary>Through the report's own stylesheet, chart models and script, so a comparison reads in the reports' words and units.</summary>
public static class CompareHtml
{
    public static string Render(RunComparison comparison)
    {
        var charts = comparison.Experiments.Select((experiment, i) => CompareCharts.Of(comparison, experiment, i)).ToList();
        var html = ReportPage.Open($"AsyncCapacity comparison · {string.Join(" vs ", comparison.Runs.Select(r => r.Label))}",
            "report compare");
        Header(html, comparison);
        ReportPage.NoScript(html);
        for (var i = 0; i < comparison.Experiments.Count; i++)
        {
            Experiment(html, comparison, comparison.Experiments[i], charts[i], i);
        }

        html.Close("main");
        ReportData.WriteModel(html, new ReportModel(charts));
        return ReportPage.Close(html);
    }

    private static void Header(HtmlWriter html, RunComparison comparison)
    {
        html.Open("header", "run")
            .Element("p", "eyebrow", "AsyncCapacity · comparison")
            .Element("h1", null, $"{comparison.Runs.Count} runs, the first as the baseline")
            .Open("ol", "runs");
        for (var i = 0; i < comparison.Runs.Count; i++)
        {
            var run = comparison.Runs[i];
            html.Open("li")
                .Open("span", "run-swatch", ("style", $"--run: {CompareCharts.RunColor(i)}")).Close("span")
                .Element("strong", null, run.Label)
                .Text($" · {Format.Utc(run.Document.Run.StartedAt)} · {run.Document.Run.Machine}"
                    + $" · {run.Document.Run.Settings.Model.Name} model")
                .Close("li");
        }

        html.Close("ol").Element("h2", null, "What differs");
        if (comparison.Differences.Count == 0)
        {
            html.Element("p", null, "Nothing in the recorded settings: the same run twice, or a knob the results do not record.");
        }
        else
        {
            html.Open("dl", "facts");
            foreach (var difference in comparison.Differences)
            {
                html.Open("div").Element("dt", null, difference.Name)
                    .Element("dd", null, string.Join(" → ", difference.Values)).Close("div");
            }

            html.Close("dl");
        }

        if (comparison.Warnings.Count > 0 || comparison.OnlyInSomeRuns.Count > 0)
        {
            html.Open("ul", "warnings");
            foreach (var warning in comparison.Warnings)
            {
                html.Element("li", null, $"Not like for like. {warning}");
            }

            foreach (var only in comparison.OnlyInSomeRuns)
            {
                html.Element("li", null, $"Not compared: {only}.");
            }

            html.Close("ul");
        }

        html.Element("p", "chart-note", $"Noise: {comparison.Noise.Description}.").Close("header");
    }

    private static void Experiment(
        HtmlWriter html, RunComparison comparison, ExperimentComparison experiment, IReadOnlyList<ChartModel> charts, int index)
    {
        html.Open("section", "experiment", ("data-experiment", index.ToString(CultureInfo.InvariantCulture)))
            .Open("header", "experiment-head")
            .Element("h2", null, experiment.Title)
            .Open("p", "experiment-meta").Element("code", null, experiment.Name).Text($" · SLA {Format.Sla(experiment.Sla)}").Close("p")
            .Close("header");
        ChartFigures.Write(html, charts, index);
        StepTable(html, comparison, experiment);
        Capacities(html, experiment);
        html.Close("section");
    }

    private static void StepTable(HtmlWriter html, RunComparison comparison, ExperimentComparison experiment)
    {
        var model = experiment.Model;
        var unit = experiment.Load.RateUnit;
        html.Open("div", "table-wrap").Open("table", "steps")
            .Open("thead").Open("tr")
            .Element("th", null, "variant")
            .Element("th", "num", model.AxisName);
        foreach (var label in comparison.Runs.Select(r => r.Label))
        {
            html.Element("th", "num", $"{unit} · {label}");
        }

        foreach (var label in comparison.Runs.Select(r => r.Label))
        {
            html.Element("th", "num", $"p95 · {label}");
        }

        html.Element("th", null, "SLA").Close("tr").Close("thead").Open("tbody");
        var resolution = experiment.Load.LatencyResolutionMs;
        foreach (var variant in experiment.Variants)
        {
            foreach (var step in variant.Steps)
            {
                html.Open("tr").Element("th", null, variant.Name).Element("td", "num", Format.Count(step.Concurrency));
                for (var i = 0; i < step.Runs.Count; i++)
                {
                    Cell(html, Format.Rps(step.Runs[i].Rps), i == 0 ? null : step.RpsChanges[i]);
                }

                for (var i = 0; i < step.Runs.Count; i++)
                {
                    Cell(html, Format.Latency(step.Runs[i].P95Ms, resolution), i == 0 ? null : step.P95Changes[i]);
                }

                html.Element("td", step.VerdictFlipped ? "sla flipped" : "sla",
                    string.Join(" → ", step.Runs.Select(r => r.MeetsSla ? "✓" : "✗")) + (step.VerdictFlipped ? " flipped" : ""));
                html.Close("tr");
            }
        }

        html.Close("tbody").Close("table").Close("div");
    }

    private static void Capacities(HtmlWriter html, ExperimentComparison experiment)
    {
        var model = experiment.Model;
        var unit = experiment.Load.RateUnit;
        html.Open("ul", "capacities");
        foreach (var variant in experiment.Variants)
        {
            html.Element("li", null, $"Capacity at SLA, {variant.Name}: "
                + string.Join(" → ", variant.CapacityLines(experiment))
                + string.Concat(variant.CapacityChanges.Select((c, i) => c is null ? "" : $"; run {i + 1}: {c.Text}")));
            if (SustainedText.Compared(variant.Curves) is { } curves)
            {
                html.Element("li", null, $"Capacity over time, {variant.Name} (single holds, so no significance test): {curves}");
            }

            if (variant.PredictionLine(model) is { } predicted)
            {
                html.Element("li", null, $"Predicted by the laws, {variant.Name}: {predicted}");
            }

            if (variant.RuntimeAtKnee.Any(r => r is not null))
            {
                var atKnee = string.Join(" → ", variant.RuntimeAtKnee.Select(r => r ?? "not recorded"));
                html.Element("li", null, $"The pool at {variant.Name}'s knee, by the runtime's reasons: {atKnee}");
            }
        }

        foreach (var variant in experiment.Variants)
        {
            foreach (var step in variant.Steps)
            {
                foreach (var flag in step.FlagsInOneRunOnly)
                {
                    html.Element("li", "untrusted",
                        $"⚠ {variant.Name} at {model.Load(step.Concurrency)}, flagged in some runs only: {flag}");
                }
            }
        }

        html.Close("ul");
    }

    private static void Cell(HtmlWriter html, string value, Change? change)
    {
        var css = change?.Kind switch
        {
            ChangeKind.Noise => "num change noise",
            ChangeKind.Untrusted => "num change untrusted",
            _ => "num change",
        };
        html.Element("td", css, change is null ? value : $"{value} ({change.Text})");
    }
}
