using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// The headline per variant: how many concurrent clients it served within the SLA and at what throughput,
/// with its highest step underneath (throughput, p95, threads, CPU), where the two variants differ most.
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
                .Element("span", "capacity-clients", Format.Count(capacity.Concurrency))
                .Text(experiment.Model.IsOpen ? " req/s offered, served at "
                    : capacity.Concurrency == 1 ? " concurrent client at " : " concurrent clients at ")
                .Element("span", "capacity-rps", $"{Format.Rps(capacity.Rps)} {experiment.RateUnit}")
                .Close("p");
        }
        else
        {
            html.Element("p", "capacity capacity-none", variant.Steps.Count == 0 ? "no steps were measured" : "no tested step met the SLA");
        }

        if (variant.Steps.Count > 0)
        {
            html.Element("p", "card-foot", HighestStep(experiment, variant.Steps.MaxBy(s => s.Concurrency)!));
        }

        html.Close("article");
    }

    /// <summary>
    /// "At 400 clients (highest step): 54.6 req/s, p95 38 s, 42 pool threads, app CPU 2.6%." With gauges, their columns
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
        return $"At {experiment.Model.Load(step.Concurrency)} (highest step): {string.Join(", ", facts)}.";
    }
}
