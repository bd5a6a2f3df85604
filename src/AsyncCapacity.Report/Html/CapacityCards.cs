using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.View;
using AsyncCapacity.Report.Waits;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// The headline per variant: how many concurrent clients it served within the SLA and at what throughput, how sure that
/// is (its bracket and how the runs at its ends agreed, or what stopped the search), why it stopped there in the
/// runtime's own words (the pool's changes by reason and where its threads waited, at the first load that missed),
/// and its highest load underneath (throughput, p95, threads, CPU), where the variants differ most.
/// </summary>
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
        }
        else
        {
            html.Element("p", "capacity capacity-none", variant.Steps.Count == 0 ? "no steps were measured" : "no load tried met the SLA")
                .Element("p", "capacity-bracket", variant.NoCapacityBecause);
        }

        if (variant.Prediction is { } prediction)
        {
            html.Element("p", "card-prediction prediction-" + prediction.Outcome.ToString().ToLowerInvariant(), PredictionText.Sentence(experiment, variant));
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

    /// <summary>
    /// "Why, at 4 clients (the first load that missed): the pool added 0 threads (Warmup 3 (+1/−2)); 3 of 5 pool threads in
    /// Thread.Sleep ← SleepEndpoints.Sync." From the first run at the load that missed (or the capacity's, for a lower bound).
    /// </summary>
    private static string? Why(ExperimentResult experiment, VariantResult variant)
    {
        var step = KneeStep.Of(variant);
        if (step is null || (step.Adjustments is null && step.Waits is null))
        {
            return null;
        }

        var which = variant.Capacity?.MissedAt == step.Concurrency ? "the first load that missed" : variant.Capacity is null ? "the lowest load tried" : "the capacity";
        var facts = new List<string>();
        if (step.Adjustments is { } adjustments)
        {
            facts.Add($"the pool {(adjustments.Count == 0 ? "did not move its thread goal" : $"changed its thread goal by {PoolAdjustmentChanges.Describe(adjustments)}")}");
        }

        if (step.Waits is { } waits)
        {
            var held = WaitText.Held(waits).Take(2).Select(g => WaitText.Line(g, waits.PoolThreads)).ToList();
            facts.Add(held.Count == 0 ? "no thread was held in the app's code" : string.Join("; ", held));
        }

        return $"Why, at {experiment.Model.Load(step.Concurrency)} ({which}): {string.Join("; ", facts)}.";
    }

    /// <summary>
    /// "At 400 clients (highest load): 54.6 req/s, p95 38 s, 42 pool threads, app CPU 2.6%." With gauges, their columns
    /// too: "…, pool wait 27 ms, waiting for a connection 94". Unknowns left out.
    /// </summary>
    private static string HighestStep(ExperimentResult experiment, StepResult step)
    {
        var facts = new List<string> { $"{Format.Rps(step.Rps)} {experiment.RateUnit}", $"p95 {Format.Latency(step.P95Ms, experiment.Load.LatencyResolutionMs)}" };
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
