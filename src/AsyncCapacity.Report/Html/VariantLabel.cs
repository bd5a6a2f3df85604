using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Html;

internal static class VariantLabel
{
    public static void Write(HtmlWriter html, VariantResult variant)
    {
        html.Raw("<span class=\"swatch\" aria-hidden=\"true\"></span>")
            .Element("span", "variant-name", variant.Name)
            .Raw(" ")
            .Element("span", variant.Blocking ? "tag tag-blocking" : "tag tag-async", variant.Blocking ? "blocking" : "non-blocking");
    }
}
