using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>The headline per variant: its capacity, how sure it is, why it stopped there in the runtime's own words, and its
/// highest load underneath, where the variants differ most.</summary>
internal static class CapacityCards
{
    public static void Write(HtmlWriter html, ExperimentResult experiment)
    {
        html.Open("div", "capacity-cards");
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            Card(html, experiment, experiment.Variants[i], VariantPalette.Of(experiment.Variants, i).CssClass);
        }

        html.Close("div");
    }

    private static void Card(HtmlWriter html, ExperimentResult experiment, VariantResult variant, string cssClass)
    {
        html.Open("article", "capacity-card " + cssClass)
            .Open("header", "card-head");
        VariantLabel.Write(html, variant);
        html.Close("header")
            .Element("p", "variant-description", variant.Description);

        if (variant.Capacity is { } capacity)
        {
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

            if (KneeNotes.Flat(experiment, variant) is { } flat)
            {
                html.Element("p", "card-flat", flat);
            }
        }
        else
        {
            html.Element("p", "capacity capacity-none", variant.Steps.Count == 0 ? "no steps were measured" : "no load tried met the SLA")
                .Element("p", "capacity-bracket", NoCapacityText.Of(variant.NoCapacityBecause));
        }

        if (variant.Prediction is { } prediction)
        {
            html.Element("p", "card-prediction prediction-" + prediction.Outcome.ToString().ToLowerInvariant(),
                PredictionText.Sentence(experiment, variant));
        }

        if (KneeNotes.Headline(experiment, variant) is { } headline)
        {
            html.Element("p", "card-headline", headline);
        }

        if (Why(experiment, variant) is { } why)
        {
            html.Element("p", "card-why", why);
        }

        if (variant.Steps.Count > 0)
        {
            html.Element("p", "card-foot", HighestStep(experiment, variant.Steps.MaxBy(s => s.Concurrency)!));
        }

        html.Close("article");
    }

    /// <summary>"Why, at 4 clients (the first load that missed): the pool …; 3 of 5 pool threads in Thread.Sleep ←
    /// SleepEndpoints.Sync.", read at the knee, where the capacity ran out.</summary>
    private static string? Why(ExperimentResult experiment, VariantResult variant)
    {
        var step = KneeStep.Of(variant);
        if (step is null || (step.Adjustments is null && step.Waits is null))
        {
            return null;
        }

        var which = variant.Capacity?.MissedAt == step.Concurrency ? "the first load that missed"
            : variant.Capacity is null ? "the lowest load tried"
            : "the capacity";
        var facts = new List<string>();
        if (step.Adjustments is { } adjustments)
        {
            facts.Add(adjustments.Count == 0 ? "the pool did not move its thread goal"
                : $"the pool changed its thread goal by {PoolChangesText.Of(adjustments)}");
        }

        if (step.Waits is { } waits)
        {
            var held = WaitText.Held(waits).Take(2).Select(g => WaitText.Line(g, waits.PoolThreads)).ToList();
            facts.Add(held.Count == 0 ? "no thread was held in the app's code" : string.Join("; ", held));
        }

        return $"Why, at {experiment.Model.Load(step.Concurrency)} ({which}): {string.Join("; ", facts)}.";
    }

    /// <summary>"At 400 clients (highest load): 54.6 req/s, p95 38 s, 42 pool threads, app CPU 2.6%", gauges' columns too;
    /// unknowns left out.</summary>
    private static string HighestStep(ExperimentResult experiment, StepResult step)
    {
        var facts = new List<string>
        {
            $"{Format.Rps(step.Rps)} {experiment.RateUnit}",
            $"p95 {Format.Latency(step.P95Ms, experiment.Load.LatencyResolutionMs)}",
        };
        if (step.ThreadsAtEnd is { } threads)
        {
            facts.Add($"{Format.Count(threads)} pool threads");
        }

        if (step.CpuPercent is { } cpu)
        {
            facts.Add($"app CPU {Format.Percent(cpu)}");
        }

        facts.AddRange(GaugeFigures.Columns(experiment)
            .Where(column => step.Gauge(column.Id) is not null)
            .Select(column => $"{column.Header} {GaugeFigures.Text(column, step)}"));
        return $"At {experiment.Model.Load(step.Concurrency)} (highest load): {string.Join(", ", facts)}.";
    }
}
