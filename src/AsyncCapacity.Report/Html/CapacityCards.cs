using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>The headline per variant in a few lines (its capacity over time where its loads were held, capacity, how sure,
/// prediction, why); the long reading behind a toggle.</summary>
internal static class CapacityCards
{
    public static void Write(HtmlWriter html, RunInfo run, ExperimentResult experiment)
    {
        html.Open("div", "capacity-cards");
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            Card(html, run, experiment, experiment.Variants[i], VariantPalette.Of(experiment.Variants, i).CssClass);
        }

        html.Close("div");
    }

    private static void Card(HtmlWriter html, RunInfo run, ExperimentResult experiment, VariantResult variant, string cssClass)
    {
        html.Open("article", "capacity-card " + cssClass)
            .Open("header", "card-head");
        VariantLabel.Write(html, variant);
        html.Close("header")
            .Element("p", "variant-description", variant.Description);
        if (SustainedText.Headline(experiment, variant) is { } overTime)
        {
            html.Element("p", "capacity-over-time", overTime + ".");
        }

        Capacity(html, run, experiment, variant);
        HeldLoads(html, run, experiment, variant);
        if (variant.Prediction is { } prediction)
        {
            html.Element("p", "card-prediction prediction-" + prediction.Outcome.ToString().ToLowerInvariant(),
                $"Predicted {PredictionText.Brief(prediction, experiment.Model)}: {PredictionText.Outcome(prediction, variant.Capacity)}.");
        }

        if (CardFacts.Why(experiment, variant) is { } why)
        {
            html.Element("p", "card-why", why);
        }

        Reading(html, run, experiment, variant);
        html.Close("article");
    }

    private static void Capacity(HtmlWriter html, RunInfo run, ExperimentResult experiment, VariantResult variant)
    {
        if (variant.Capacity is not { } capacity)
        {
            html.Element("p", "capacity capacity-none", variant.Steps.Count == 0 ? "no steps were measured" : "no load tried met the SLA")
                .Element("p", "capacity-bracket", NoCapacityText.Of(variant.NoCapacityBecause));
            return;
        }

        html.Open("p", "capacity")
            .Element("span", "capacity-clients", CapacityText.Value(capacity))
            .Text(experiment.Model.IsOpen ? " req/s offered, served at "
                : capacity.Concurrency == 1 ? " concurrent client at " : " concurrent clients at ")
            .Element("span", "capacity-rps", $"{Format.Rps(capacity.Rps)} {experiment.RateUnit}")
            .Close("p");
        if (CapacityText.Sureness(capacity) is { Length: > 0 } sureness)
        {
            html.Element("p", "capacity-bracket", sureness);
        }

        if (LimitText.Of(capacity, experiment.Model, experiment.RateUnit) is { } limit)
        {
            html.Element("p", "capacity-limit", char.ToUpperInvariant(limit[0]) + limit[1..] + ".");
        }

        if (HorizonText.Card(variant, run) is { } horizon)
        {
            html.Element("p", "capacity-horizon", horizon);
        }
    }

    /// <summary>Each held load beside its forecast, and a pre-grown pool's note: what the curve's points rest on.</summary>
    private static void HeldLoads(HtmlWriter html, RunInfo run, ExperimentResult experiment, VariantResult variant)
    {
        if (variant.Sustained is not { } sustained)
        {
            return;
        }

        html.Open("ul", "held-loads", ("aria-label", "Each held load against its forecast"));
        foreach (var hold in sustained.Holds)
        {
            html.Element("li", null, ForecastText.Hold(hold, sustained, experiment.Model));
        }

        html.Close("ul");
        if (SustainedText.PreGrown(run, variant) is { } preGrown)
        {
            html.Element("p", "pre-grown", preGrown);
        }
    }

    private static void Reading(HtmlWriter html, RunInfo run, ExperimentResult experiment, VariantResult variant)
    {
        var lines = new List<(string CssClass, string? Text)>
        {
            ("card-horizon", HorizonText.Grew(variant, run)),
            ("prediction-reading", variant.Prediction is null ? null : PredictionText.Sentence(experiment, variant)),
            ("card-flat", KneeNotes.Flat(experiment, variant)),
            ("card-headline", KneeNotes.Headline(experiment, variant)),
            ("card-foot", variant.Steps.Count == 0 ? null : CardFacts.HighestStep(experiment, variant.Steps.MaxBy(s => s.Concurrency)!)),
        };
        if (lines.All(l => string.IsNullOrEmpty(l.Text)))
        {
            return;
        }

        html.Open("details", "card-reading").Element("summary", null, "The full reading");
        foreach (var (cssClass, text) in lines.Where(l => !string.IsNullOrEmpty(l.Text)))
        {
            html.Element("p", cssClass, text);
        }

        html.Close("details");
    }
}
