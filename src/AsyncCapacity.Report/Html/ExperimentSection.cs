using System.Globalization;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>A skipped experiment shows why it was skipped instead of its cards, charts and tables.</summary>
internal static class ExperimentSection
{
    public static string Anchor(ExperimentResult experiment) => "experiment-" + Slug.Of(experiment.Name);

    public static void Write(HtmlWriter html, RunInfo run, ExperimentResult experiment, IReadOnlyList<ChartModel> charts, int index)
    {
        var skipped = experiment.SkippedReason is not null;
        html.Open("section", skipped ? "experiment skipped" : "experiment",
            ("id", Anchor(experiment)), ("data-experiment", index.ToString(CultureInfo.InvariantCulture)));
        Heading(html, experiment);

        if (skipped)
        {
            html.Open("div", "skipped-reason", ("role", "note"))
                .Element("strong", null, "Skipped. ")
                .Text(experiment.SkippedReason)
                .Close("div")
                .Close("section");
            return;
        }

        if (VerdictText.Of(experiment, run) is { Length: > 0 } verdict)
        {
            html.Element("p", "verdict", verdict);
        }

        if (experiment.Variants.Count == 0)
        {
            html.Element("p", "chart-note", "No variant of this experiment was measured.").Close("section");
            return;
        }

        CapacityCards.Write(html, run, experiment);
        ChartFigures.Write(html, charts, index);
        for (var i = 0; i < experiment.Variants.Count; i++)
        {
            StepTable.Write(html, experiment, i);
        }

        html.Close("section");
    }

    private static void Heading(HtmlWriter html, ExperimentResult experiment)
    {
        html.Open("header", "experiment-head")
            .Element("h2", null, experiment.Title)
            .Element("p", "lesson", experiment.Lesson)
            .Open("p", "experiment-meta")
            .Element("code", null, experiment.Name);

        foreach (var (name, value) in experiment.Parameters)
        {
            html.Raw(" · ").Element("code", null, $"{name}={value}");
        }

        html.Raw(" · ").Text($"SLA {Format.Sla(experiment.Sla)}")
            .Close("p")
            .Close("header");
    }
}
