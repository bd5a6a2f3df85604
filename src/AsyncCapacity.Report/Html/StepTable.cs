using System.Globalization;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// One variant's numbers, one row per concurrency step: throughput and the client's latency, with the median time
/// inside the app right after the client's median so that the two read side by side; then errors, what the server saw
/// (pool threads, queue, the connection pool when the experiment has a database, CPU) and the SLA. Flagged steps are
/// marked ⚠ and their reasons listed under the table; an audit experiment's table says what its errors are.
/// </summary>
internal static class StepTable
{
    private const string HeaderStart =
        "<thead><tr>"
        + "<th scope=\"col\" class=\"num\">Clients</th>"
        + "<th scope=\"col\" class=\"num\">req/s</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Median latency seen by the client (k6)\">p50</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Median Server-Timing app;dur: time inside the app's pipeline\">server p50</th>"
        + "<th scope=\"col\" class=\"num\">p95</th>"
        + "<th scope=\"col\" class=\"num\">p99</th>"
        + "<th scope=\"col\" class=\"num\">max</th>"
        + "<th scope=\"col\" class=\"num\">errors</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Thread-pool threads when the step began → at its end\">pool threads</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Most work items waiting for a pool thread during the step\">max queue</th>";

    private const string ConnectionPoolHeaders =
        "<th scope=\"col\" class=\"num\" title=\"Mean time to get a pooled database connection during the step\">pool wait</th>"
        + "<th scope=\"col\" class=\"num wrap\" title=\"Most requests waiting for a pooled database connection at once during the step\">"
        + "waiting for a connection</th>";

    private const string HeaderEnd =
        "<th scope=\"col\" class=\"num\" title=\"App process CPU, as a percentage of all cores\">CPU (app)</th>"
        + "<th scope=\"col\">SLA</th>"
        + "</tr></thead>";

    public static string Id(ExperimentResult experiment, VariantResult variant) =>
        $"steps-{Slug.Of(experiment.Name)}-{Slug.Of(variant.Name)}";

    public static void Write(HtmlWriter html, ExperimentResult experiment, int variantIndex)
    {
        var variant = experiment.Variants[variantIndex];
        var connectionPool = ConnectionPool.IsWatched(experiment);
        var rejection = AuditQueue.IsWatched(experiment) ? AuditQueue.Rejection : null;
        html.Open("section", "variant-steps " + VariantPalette.CssClass(experiment.Variants, variantIndex))
            .Open("h3");
        VariantLabel.Write(html, variant);
        html.Close("h3")
            .Element("p", "variant-description", variant.Description);

        if (variant.Steps.Count == 0)
        {
            html.Element("p", "chart-note", "No steps were measured for this variant.").Close("section");
            return;
        }

        html.Open("div", "table-wrap")
            .Open("table", "steps", ("id", Id(experiment, variant)))
            .Raw(HeaderStart + (connectionPool ? ConnectionPoolHeaders : string.Empty) + HeaderEnd)
            .Open("tbody");
        foreach (var step in variant.Steps)
        {
            Row(html, step, experiment.Sla, isCapacity: variant.Capacity?.Concurrency == step.Concurrency, connectionPool, rejection);
        }

        html.Close("tbody").Close("table").Close("div");
        if (rejection is not null)
        {
            html.Element("p", "table-note",
                $"Errors: requests answered {rejection}, refused at once because the audit queue was full rather than left "
                + "to wait. Timeouts and refused connections, if any, count too.");
        }

        FlagList(html, variant);
        html.Close("section");
    }

    /// <param name="rejection">What an error is in this experiment ("503 … (queue full)"), for the error cell's tooltip; null when unknown.</param>
    private static void Row(HtmlWriter html, StepResult step, Sla sla, bool isCapacity, bool connectionPool, string? rejection)
    {
        var flagged = step.Flags.Count > 0;
        var rowClass = "step" + (flagged ? " flagged" : string.Empty) + (isCapacity ? " capacity-step" : string.Empty);
        html.Open("tr", rowClass, ("data-concurrency", step.Concurrency.ToString(CultureInfo.InvariantCulture)));

        html.Open("th", "num", ("scope", "row"));
        if (flagged)
        {
            html.Open("span", "flag-mark", ("title", string.Join(" ", step.Flags))).Text("⚠").Close("span").Raw(" ");
        }

        html.Text(step.Concurrency.ToString("#,0", CultureInfo.InvariantCulture)).Close("th")
            .Element("td", "num", Display.Rps(step.Rps))
            .Element("td", "num", Display.Ms(step.P50Ms))
            .Element("td", "num", Display.Ms(step.ServerP50Ms))
            .Element("td", step.P95Ms > sla.P95Ms ? "num over-sla" : "num", Display.Ms(step.P95Ms))
            .Element("td", "num", Display.Ms(step.P99Ms))
            .Element("td", "num", Display.Ms(step.MaxMs))
            .Open("td", step.ErrorRate > sla.MaxErrorRate ? "num over-sla" : "num",
                ("title", $"{Display.Count(step.Errors)} of {Display.Count(step.Requests)} requests" + (rejection is null ? string.Empty : $": {rejection}")))
            .Text(Display.Fraction(step.ErrorRate)).Close("td")
            .Element("td", "num", Threads(step))
            .Element("td", "num", Display.Count(step.MaxQueueLength));
        if (connectionPool)
        {
            html.Element("td", "num", Display.Ms(step.Gauge("db.poolWaitMs")))
                .Element("td", "num", Display.Count((int?)step.Gauge("db.maxWaiting")));
        }

        html.Open("td", "num", ("title", $"machine {Display.Percent(step.MachineCpuPercent)}, k6 {Display.Percent(step.LoadGeneratorCpuPercent)}"))
            .Text(Display.Percent(step.CpuPercent)).Close("td")
            .Element("td", step.MeetsSla ? "sla sla-met" : "sla sla-missed", step.MeetsSla ? "✓ met" : "✗ missed")
            .Close("tr");
    }

    private static string Threads(StepResult step) => (step.ThreadsAtStart, step.ThreadsAtEnd) switch
    {
        (null, null) => Display.Missing,
        var (start, end) => $"{Display.Count(start)} → {Display.Count(end)}",
    };

    private static void FlagList(HtmlWriter html, VariantResult variant)
    {
        var flagged = variant.Steps.Where(s => s.Flags.Count > 0).ToList();
        if (flagged.Count == 0)
        {
            return;
        }

        html.Open("ul", "flags");
        foreach (var step in flagged)
        {
            foreach (var flag in step.Flags)
            {
                html.Open("li")
                    .Raw("<span class=\"flag-mark\" aria-hidden=\"true\">⚠</span> ")
                    .Element("strong", null, Display.Clients(step.Concurrency) + ":")
                    .Raw(" ")
                    .Text(flag)
                    .Close("li");
            }
        }

        html.Close("ul");
    }
}
