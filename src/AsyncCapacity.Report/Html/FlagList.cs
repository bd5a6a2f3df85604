using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Html;

/// <summary>Under a step table: every flag of its steps, each with the step it was raised on, so none is hidden in a tooltip.</summary>
internal static class FlagList
{
    public static void Write(HtmlWriter html, VariantResult variant, LoadModel model)
    {
        var flagged = variant.Steps.Where(s => s.Flags.Count > 0).ToList();
        if (flagged.Count == 0)
        {
            return;
        }

        html.Open("ul", "flags");
        foreach (var step in flagged)
        {
            foreach (var flag in step.Flags)
            {
                html.Open("li")
                    .Raw("<span class=\"flag-mark\" aria-hidden=\"true\">⚠</span> ")
                    .Element("strong", null, model.ConcurrentLoad(step.Concurrency) + ":")
                    .Raw(" ")
                    .Text(FlagText.Of(flag))
                    .Close("li");
            }
        }

        html.Close("ul");
    }
}
