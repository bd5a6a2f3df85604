using System.Globalization;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

internal static class AtAGlance
{
    public static void Write(HtmlWriter html, ResultsDocument document)
    {
        var experiments = document.Experiments;
        html.Open("section", "at-a-glance", ("aria-labelledby", "at-a-glance-title"))
            .Open("h2", null, ("id", "at-a-glance-title")).Text("At a glance").Close("h2")
            .Open("div", "table-wrap")
            .Open("table", "glance")
            .Raw("<thead><tr><th scope=\"col\">Experiment</th><th scope=\"col\">Variant</th>"
                + "<th scope=\"col\" class=\"num\" title=\"Judged at the time under load named beside it, from a cold app: a blocking "
                + "variant's pool grows while a load lasts, so its capacity holds at that time only\">Capacity at SLA</th>"
                + "<th scope=\"col\" title=\"The bracket the search narrowed it to (the capacity, and the first load that missed above it) "
                + "and how the runs at its ends agreed; or what stopped the search\">How sure</th>"
                + "<th scope=\"col\" title=\"The operational laws' bound at the SLA, from what each probe measured and what the variant "
                + "holds (pool threads, connections, writers, CPU): the binding resource in brackets, then how the measurement "
                + "compares\">Predicted</th>"
                + "<th scope=\"col\" class=\"num\">Throughput at SLA</th>"
                + "<th scope=\"col\" class=\"num\">Peak throughput</th></tr></thead>")
            .Open("tbody");

        foreach (var experiment in experiments)
        {
            if (experiment.SkippedReason is not null || experiment.Variants.Count == 0)
            {
                html.Open("tr", "skipped");
                ExperimentCell(html, experiment, rowSpan: 1);
                html.Open("td", "skipped-note", ("colspan", "6"))
                    .Text(experiment.SkippedReason is null ? "no variants were measured" : "skipped: see below").Close("td")
                    .Close("tr");
                continue;
            }

            for (var i = 0; i < experiment.Variants.Count; i++)
            {
                var variant = experiment.Variants[i];
                html.Open("tr", VariantPalette.Of(experiment.Variants, i).CssClass);
                if (i == 0)
                {
                    ExperimentCell(html, experiment, experiment.Variants.Count);
                }

                html.Open("td", "variant-cell");
                VariantLabel.Write(html, variant);
                html.Close("td")
                    .Element("td", "num", variant.Capacity is null ? "none met the SLA"
                        : CapacityText.Load(variant.Capacity, experiment.Model)
                            + (HorizonText.Seconds(variant, document.Run) is { } horizon ? " " + HorizonText.At(horizon) : ""))
                    .Element("td", "bracket", variant.Capacity is null
                        ? NoCapacityText.Of(variant.NoCapacityBecause) ?? Format.Missing
                        : CapacityText.Sureness(variant.Capacity) is { Length: > 0 } sureness ? sureness : Format.Missing)
                    .Element("td", "prediction", variant.Prediction is { } prediction
                        ? $"{PredictionText.Brief(prediction, experiment.Model)}: {PredictionText.Outcome(prediction, variant.Capacity)}"
                        : Format.Missing)
                    .Element("td", "num",
                        variant.Capacity is null ? Format.Missing : $"{Format.Rps(variant.Capacity.Rps)} {experiment.RateUnit}")
                    .Element("td", "num",
                        variant.Steps.Count == 0 ? Format.Missing : $"{Format.Rps(variant.Steps.Max(s => s.Rps))} {experiment.RateUnit}")
                    .Close("tr");
            }
        }

        html.Close("tbody").Close("table").Close("div").Close("section");
    }

    private static void ExperimentCell(HtmlWriter html, ExperimentResult experiment, int rowSpan)
    {
        html.Open("th", "experiment-cell", ("scope", "rowgroup"), ("rowspan", rowSpan.ToString(CultureInfo.InvariantCulture)))
            .Open("a", null, ("href", "#" + ExperimentSection.Anchor(experiment)))
            .Text(experiment.Title)
            .Close("a")
            .Close("th");
    }
}
