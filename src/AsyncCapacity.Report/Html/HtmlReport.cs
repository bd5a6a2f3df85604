using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>One self-contained page: report.js draws the charts from the embedded model, and nothing comes from the network.</summary>
public static class HtmlReport
{
    public static string Render(ResultsDocument document)
    {
        ArgumentNullException.ThrowIfNull(document);

        var model = ReportModel.Of(document);
        var html = ReportPage.Open($"AsyncCapacity report · {document.Run.Machine} · {Format.Utc(document.Run.StartedAt)}", "report");
        RunHeader.Write(html, document);
        ReportPage.NoScript(html);
        AtAGlance.Write(html, document);
        for (var i = 0; i < document.Experiments.Count; i++)
        {
            ExperimentSection.Write(html, document.Run, document.Experiments[i], model.Experiments[i], i);
        }

        HowToRead.Write(html, document);
        html.Close("main");

        ReportData.Write(html, document, model);
        return ReportPage.Close(html);
    }
}
