using System.Globalization;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>Server p50 sits beside the client's; what the runtime said goes in a row under each step, too long for a column.</summary>
internal static class StepTable
{
    private const string HeaderStart =
        "<th scope=\"col\" class=\"num\" title=\"Median latency seen by the client (k6)\">p50</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Median Server-Timing app;dur: time inside the app's pipeline\">server p50</th>"
        + "<th scope=\"col\" class=\"num\">p95</th>"
        + "<th scope=\"col\" class=\"num\">p99</th>"
        + "<th scope=\"col\" class=\"num\">max</th>"
        + "<th scope=\"col\" class=\"num\">errors</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Thread-pool threads when the step began → at its end\">pool threads</th>"
        + "<th scope=\"col\" class=\"num\" title=\"Most work items waiting for a pool thread during the step\">max queue</th>";

    private const string HeaderEnd =
        "<th scope=\"col\" class=\"num\" title=\"App process CPU, as a percentage of all its cores\">CPU (app)</th>"
        + "<th scope=\"col\">SLA</th>"
        + "</tr></thead>";

    private const string RuntimeSaidTitle =
        "What the runtime said: the thread pool's changes to its thread-count goal during the step, by the runtime's own reason (event "
        + "55); where the pool's threads were just after the window (stacks taken from outside the app), grouped by the app's own frames; "
        + "lock contentions and GC pause when any";

    // Load, probe and rate, HeaderStart's eight, then CPU and SLA after the gauges.
    private const int FixedColumns = 3 + 8 + 2;

    private const string ProbeHeader =
        "<th scope=\"col\" title=\"Why the probe ran: the coarse pass over the declared steps, the search beyond them, narrowing the "
        + "bracket, or a repeat at one of its ends (each a fresh app). Bold rows decided the capacity.\">probe</th>";

    public static string Id(ExperimentResult experiment, VariantResult variant) =>
        $"steps-{Slug.Of(experiment.Name)}-{Slug.Of(variant.Name)}";

    public static void Write(HtmlWriter html, ExperimentResult experiment, int variantIndex)
    {
        var variant = experiment.Variants[variantIndex];
        var columns = GaugeFigures.Columns(experiment);
        var errorsAre = GaugeFigures.ErrorsAre(experiment);
        html.Open("section", "variant-steps " + VariantPalette.Of(experiment.Variants, variantIndex).CssClass)
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
            .Open("table", "steps", ("id", Id(experiment, variant)));
        LoadColumns(html, experiment);
        html.Raw(HeaderStart);
        if (experiment.Model.IsOpen)
        {
            html.Raw("<th scope=\"col\" class=\"num\" title=\"Arrivals k6 could not send on time, of all the step offered "
                + "(warm-up included)\">dropped</th>");
        }

        foreach (var column in columns)
        {
            // Written as the constant headers are (scope first): a gauge's column reads like the others.
            html.Raw("<th scope=\"col\" class=\"num wrap\" title=\"").Text(column.Tooltip)
                .Raw("\">").Text(column.Header).Raw("</th>");
        }

        html.Raw(HeaderEnd)
            .Open("tbody");
        var width = FixedColumns + columns.Count + (experiment.Model.IsOpen ? 1 : 0);
        foreach (var step in variant.Steps.OrderBy(s => s.Concurrency).ThenBy(s => s.Run))
        {
            Row(html, experiment, step, isCapacity: variant.Capacity?.Concurrency == step.Concurrency, columns, errorsAre);
            RunnersRow(html, step, width);
            RuntimeRow(html, step, width);
        }

        html.Close("tbody").Close("table").Close("div");
        if (errorsAre is not null)
        {
            html.Element("p", "table-note", $"Errors: {errorsAre}. Timeouts and refused connections, if any, count too.");
        }

        FlagList.Write(html, variant, experiment.Model);
        html.Close("section");
    }

    /// <summary>The open model shows the rate offered beside what came back; the closed model, clients and their rate.</summary>
    private static void LoadColumns(HtmlWriter html, ExperimentResult experiment)
    {
        html.Raw("<thead><tr>");
        if (experiment.Model.IsOpen)
        {
            html.Raw("<th scope=\"col\" class=\"num\" title=\"Arrivals per second k6 started, whatever the answers took\">"
                    + "offered req/s</th>")
                .Raw(ProbeHeader)
                .Raw("<th scope=\"col\" class=\"num\" title=\"Answers per second in the measured window\">achieved req/s</th>");
            return;
        }

        html.Raw("<th scope=\"col\" class=\"num\">Clients</th>")
            .Raw(ProbeHeader)
            .Raw("<th scope=\"col\" class=\"num\" title=\"").Text(experiment.Load.RateDefinition)
            .Raw("\">").Text(experiment.RateUnit).Raw("</th>");
    }

    /// <param name="errorsAre">What an error is here ("503 … (queue full)"), for the error cell's tooltip.</param>
    private static void Row(
        HtmlWriter html, ExperimentResult experiment, StepResult step, bool isCapacity,
        IReadOnlyList<GaugeColumn> columns, string? errorsAre)
    {
        var sla = experiment.Sla;
        var resolution = experiment.Load.LatencyResolutionMs;
        var flagged = step.Flags.Count > 0;
        var rowClass = "step" + (flagged ? " flagged" : string.Empty) + (isCapacity ? " capacity-step" : string.Empty)
            + (step.Decided ? " decided" : string.Empty);
        html.Open("tr", rowClass, ("data-concurrency", step.Concurrency.ToString(CultureInfo.InvariantCulture)));

        html.Open("th", "num", ("scope", "row"));
        if (flagged)
        {
            html.Open("span", "flag-mark", ("title", string.Join(" ", FlagText.All(step)))).Text("⚠").Close("span").Raw(" ");
        }

        html.Text(Format.Count(step.Concurrency)).Close("th")
            .Element("td", "probe", StepLines.Probe(step))
            .Element("td", "num", Format.Rps(step.Rps))
            .Element("td", "num", Format.Latency(step.P50Ms, resolution))
            .Element("td", "num", Format.Duration(step.ServerP50Ms))
            .Element("td", step.Missed.Contains("p95") ? "num over-sla" : "num",
                resolution > 0 ? Format.Latency(step.P95Ms, resolution) : Format.Against(step.P95Ms, sla.P95Ms))
            .Element("td", "num", Format.Latency(step.P99Ms, resolution))
            .Element("td", "num", Format.Latency(step.MaxMs, resolution))
            .Open("td", step.Missed.Any(m => m is "errors" || m.StartsWith("sessions", StringComparison.Ordinal)) ? "num over-sla" : "num",
                ("title", $"{Format.Count(step.Errors)} of {Format.Count(step.Requests)} requests"
                    + (step.Dropped is { } dropped
                        ? $"; {Format.Count(dropped)} arrivals dropped in the step (never sent on time)"
                        : string.Empty)
                    + (step.ConnectionsFailed is { } failed
                        ? $"; sessions: {Format.Count(failed)} failed to open, {Format.Count(step.ConnectionsDropped)} dropped, "
                            + $"connect p95 {Format.Duration(step.ConnectP95Ms)}"
                        : string.Empty)
                    + (errorsAre is null ? string.Empty : $": {errorsAre}")))
            .Text(Format.Fraction(step.ErrorRate)).Close("td")
            .Element("td", "num", Threads(step))
            .Element("td", "num", Format.Count(step.MaxQueueLength));
        if (experiment.Model.IsOpen)
        {
            html.Element("td", step.Missed.Contains("dropped") ? "num over-sla" : "num",
                step.DroppedShare is { } share ? Format.Fraction(share) : Format.Missing);
        }

        foreach (var column in columns)
        {
            html.Element("td", "num", GaugeFigures.Text(column, step));
        }

        html.Open("td", "num",
                ("title", $"machine {Format.Percent(step.MachineCpuPercent)}, k6 {Format.Percent(step.LoadGeneratorCpuPercent)}"
                + (step.LoadGeneratorMemoryMb is { } k6Memory ? $" and {Format.Count(k6Memory)} MB" : string.Empty)))
            .Text(Format.Percent(step.CpuPercent)).Close("td")
            .Open("td", step.Thin ? "sla sla-thin" : step.MeetsSla ? "sla sla-met" : "sla sla-missed",
                ("title", step.MeetsSla ? null : "Missed: " + string.Join(", ", step.Missed.Select(SlaConditions.Describe))))
            .Text(step.Thin ? "? not judged" : step.MeetsSla ? "✓ met" : "✗ missed").Close("td")
            .Close("tr");
    }

    /// <summary>A split probe's runners: each one's requests, p95 and CPU beside the merge.</summary>
    private static void RunnersRow(HtmlWriter html, StepResult step, int width)
    {
        if (RunnerText.Of(step) is not { } sentence)
        {
            return;
        }

        html.Open("tr", "why-row" + (step.Decided ? " decided" : string.Empty),
                ("data-concurrency", step.Concurrency.ToString(CultureInfo.InvariantCulture)))
            .Open("td", "why", ("colspan", width.ToString(CultureInfo.InvariantCulture)))
            .Element("span", "why-label", "the load: ")
            .Text(sentence)
            .Close("td")
            .Close("tr");
    }

    /// <summary>No row when the runtime said nothing (an older run, k6 on its own); every group of threads goes in the tooltip.</summary>
    private static void RuntimeRow(HtmlWriter html, StepResult step, int width)
    {
        if (RuntimeSentence.Compose(step, RuntimeDetail.Full) is not { Length: > 0 } sentence)
        {
            return;
        }

        var title = step.Waits is null ? RuntimeSaidTitle : $"{RuntimeSaidTitle}. Threads: {WaitText.Describe(step.Waits)}";
        html.Open("tr", "why-row" + (step.Decided ? " decided" : string.Empty),
                ("data-concurrency", step.Concurrency.ToString(CultureInfo.InvariantCulture)))
            .Open("td", "why", ("colspan", width.ToString(CultureInfo.InvariantCulture)), ("title", title))
            .Element("span", "why-label", "the runtime said: ")
            .Text(sentence)
            .Close("td")
            .Close("tr");
    }

    private static string Threads(StepResult step) => (step.ThreadsAtStart, step.ThreadsAtEnd) switch
    {
        (null, null) => Format.Missing,
        var (start, end) => $"{Format.Count(start)} → {Format.Count(end)}",
    };
}
