using AsyncCapacity.Report.Assets;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

/// <summary>What every page of the report's kind shares (the report, compare.html): the stylesheet in its head, the note for
/// a reader without JavaScript, and Chart.js and report.js at the end of its body.</summary>
internal static class ReportPage
{
    /// <summary>The page up to its open &lt;main&gt;.</summary>
    public static HtmlWriter Open(string title, string mainClass) => new HtmlWriter()
        .Raw("<!DOCTYPE html>\n")
        .Open("html", null, ("lang", "en"))
        .Open("head")
        .Raw("<meta charset=\"utf-8\">")
        .Raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .Element("title", null, title)
        .Raw("<style>").Raw(VariantPalette.CssProperties()).Raw(EmbeddedAssets.Css).Raw("</style>")
        .Close("head")
        .Open("body")
        .Open("main", mainClass);

    public static HtmlWriter NoScript(HtmlWriter html) =>
        html.Raw("<noscript><p class=\"noscript\">Charts need JavaScript; the tables carry the same numbers.</p></noscript>");

    /// <summary>The scripts that draw the charts from the model the page embeds, and the page's end.</summary>
    public static string Close(HtmlWriter html) => html.Raw("<script>").Raw(EmbeddedAssets.ChartJs).Raw("</script>")
        .Raw("<script>").Raw(EmbeddedAssets.Script).Raw("</script>")
        .Close("body")
        .Close("html")
        .ToString();
}
