using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Assets;
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
        var html = new HtmlWriter();
        html.Raw("<!DOCTYPE html>\n")
            .Open("html", null, ("lang", "en"))
            .Open("head")
            .Raw("<meta charset=\"utf-8\">")
            .Raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
            .Element("title", null, $"AsyncCapacity report · {document.Run.Machine} · {Format.Utc(document.Run.StartedAt)}")
            .Raw("<style>").Raw(VariantPalette.CssProperties()).Raw(EmbeddedAssets.Css).Raw("</style>")
            .Close("head")
            .Open("body")
            .Open("main", "report");

        RunHeader.Write(html, document);
        html.Raw("<noscript><p class=\"noscript\">Charts need JavaScript; the tables carry the same numbers.</p></noscript>");
        AtAGlance.Write(html, document);
        for (var i = 0; i < document.Experiments.Count; i++)
        {
            ExperimentSection.Write(html, document.Run, document.Experiments[i], model.Experiments[i], i);
        }

        HowToRead.Write(html, document);
        html.Close("main");

        ReportData.Write(html, document, model);
        html.Raw("<script>").Raw(EmbeddedAssets.ChartJs).Raw("</script>")
            .Raw("<script>").Raw(EmbeddedAssets.Script).Raw("</script>")
            .Close("body")
            .Close("html");
        return html.ToString();
    }
}
