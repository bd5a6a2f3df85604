using System.Text.Json;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>The whole results document goes in the page so that a reader can copy results.json back out of it.</summary>
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

    public static void WriteModel(HtmlWriter html, ReportModel model) =>
        html.Open("script", null, ("type", "application/json"), ("id", ModelElementId))
            .Raw(model.ToJson())
            .Close("script");
}
