using System.Text.Json;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// The data inside the page, as JSON in <c>&lt;script type="application/json"&gt;</c> elements: the whole results
/// document (<c>#report-data</c>), so that a reader can copy results.json back out of the page, and the chart model
/// (<c>#report-model</c>), which report.js draws.
/// </summary>
internal static class ReportData
{
    public const string ElementId = "report-data";
    public const string ModelElementId = "report-model";

    // Same names and number handling as results.json, on one line. The default encoder escapes <, > and & (as \u003C…),
    // so a "</script>" inside any string cannot close the element: keep the default encoder.
    private static readonly JsonSerializerOptions CompactOptions = new(ResultsJson.Options) { WriteIndented = false };

    public static void Write(HtmlWriter html, ResultsDocument document, ReportModel model)
    {
        html.Open("script", null, ("type", "application/json"), ("id", ElementId))
            .Raw(JsonSerializer.Serialize(document, CompactOptions))
            .Close("script");
        WriteModel(html, model);
    }

    /// <summary>The chart model alone, which report.js draws: what compare.html embeds.</summary>
    public static void WriteModel(HtmlWriter html, ReportModel model) =>
        html.Open("script", null, ("type", "application/json"), ("id", ModelElementId))
            .Raw(model.ToJson())
            .Close("script");
}
