using System.Text.Json;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Html;

/// <summary>
/// The whole results document as JSON inside <c>&lt;script type="application/json" id="report-data"&gt;</c>:
/// report.js draws the charts from it, and a reader can copy results.json back out of the page.
/// </summary>
internal static class ReportData
{
    public const string ElementId = "report-data";

    // Same names and number handling as results.json, on one line. The default encoder escapes <, > and &
    // (as \u003C…), so a "</script>" inside any string cannot close the element: keep the default encoder.
    private static readonly JsonSerializerOptions CompactOptions = new(ResultsJson.Options) { WriteIndented = false };

    public static void Write(HtmlWriter html, ResultsDocument document)
    {
        html.Open("script", null, ("type", "application/json"), ("id", ElementId))
            .Raw(JsonSerializer.Serialize(document, CompactOptions))
            .Close("script");
    }
}
