using System.Globalization;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>Each figure's caption says what to look for, so it is useful even where report.js draws no chart.</summary>
internal static class ChartFigures
{
    public static void Write(HtmlWriter html, IReadOnlyList<ChartModel> charts, int experimentIndex)
    {
        html.Open("div", "charts");
        foreach (var chart in charts)
        {
            if (chart.IsEmpty)
            {
                html.Open("figure", "chart chart-empty")
                    .Element("figcaption", null, chart.Title)
                    .Element("p", "chart-note", chart.Note)
                    .Close("figure");
                continue;
            }

            html.Open("figure", chart.Wide ? "chart chart-wide" : "chart")
                .Element("figcaption", null, chart.Title)
                .Open("div", "chart-box")
                .Open("canvas", null,
                    ("data-chart", chart.Kind), ("data-experiment", experimentIndex.ToString(CultureInfo.InvariantCulture)),
                    ("data-variant", chart.Variant?.ToString(CultureInfo.InvariantCulture)), ("data-model", chart.Id),
                    ("role", "img"), ("aria-label", chart.Title))
                .Close("canvas")
                .Close("div")
                .Element("p", "chart-note", chart.Note)
                .Close("figure");
        }

        html.Close("div");
    }
}
