using System.Globalization;
using AsyncCapacity.Report.Results;

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
            Card(html, experiment.Variants[i], VariantPalette.CssClass(experiment.Variants, i));
        }

        html.Close("div");
    }

    private static void Card(HtmlWriter html, VariantResult variant, string cssClass)
    {
        html.Open("article", "capacity-card " + cssClass)
            .Open("header", "card-head");
        VariantLabel.Write(html, variant);
        html.Close("header")
            .Element("p", "variant-description", variant.Description);

        if (variant.Capacity is { } capacity)
        {
            html.Open("p", "capacity")
                .Element("span", "capacity-clients", capacity.Concurrency.ToString("#,0", CultureInfo.InvariantCulture))
                .Text(capacity.Concurrency == 1 ? " concurrent client at " : " concurrent clients at ")
                .Element("span", "capacity-rps", $"{Display.Rps(capacity.Rps)} req/s")
                .Close("p");
        }
        else
        {
            html.Element("p", "capacity capacity-none", variant.Steps.Count == 0 ? "no steps were measured" : "no tested step met the SLA");
        }

        if (variant.Steps.Count > 0)
        {
            html.Element("p", "card-foot", HighestStep(variant.Steps.MaxBy(s => s.Concurrency)!));
        }

        html.Close("article");
    }

    /// <summary>
    /// "At 400 clients (highest step): 54.6 req/s, p95 38 s, 42 pool threads, app CPU 2.6%." With a database,
    /// the wait for a pooled connection too: "…, pool wait 27 ms (up to 94 requests waiting)". Unknowns left out.
    /// </summary>
    private static string HighestStep(StepResult step)
    {
        var facts = new List<string> { $"{Display.Rps(step.Rps)} req/s", $"p95 {Display.Ms(step.P95Ms)}" };
        if (step.ThreadsAtEnd is { } threads)
        {
            facts.Add($"{Display.Count(threads)} pool threads");
        }

        if (step.CpuPercent is { } cpu)
        {
            facts.Add($"app CPU {Display.Percent(cpu)}");
        }

        if (step.Gauge("db.poolWaitMs") is { } poolWait)
        {
            facts.Add((int?)step.Gauge("db.maxWaiting") is { } waiting and > 0
                ? $"pool wait {Display.Ms(poolWait)} (up to {Display.Count(waiting)} {(waiting == 1 ? "request" : "requests")} waiting)"
                : $"pool wait {Display.Ms(poolWait)}");
        }

        var clients = step.Concurrency.ToString("#,0", CultureInfo.InvariantCulture);
        return $"At {clients} {(step.Concurrency == 1 ? "client" : "clients")} (highest step): {string.Join(", ", facts)}.";
    }
}
