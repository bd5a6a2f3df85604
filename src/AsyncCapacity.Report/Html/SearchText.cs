using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Assets;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Html;

internal static class SearchText
{
    private static readonly Lazy<Dictionary<string, string>> Sections = new(() =>
        Markdown.Sections(EmbeddedAssets.Read("SearchText.md")).ToDictionary(s => s.Heading, s => s.Body));

    public static string Html(ResultsDocument document)
    {
        var capacities = document.Experiments.SelectMany(e => e.Variants.Select(v => (Name: $"{e.Name} {v.Name}", v.Capacity))).ToList();
        // A bracket without an estimate: a run made before the estimate (schema 3 and earlier).
        if (capacities.Any(c => c.Capacity?.Strategy is SearchStrategy.Laws or SearchStrategy.Grid
            || c.Capacity is { Estimate: null, MissedAt: not null }))
        {
            return Markdown.ToHtml(Sections.Value["Before the estimate"]);
        }

        var predicted = capacities.Where(c => c.Capacity?.PredictedKnee is not null)
            .Select(c => $"{c.Name} from {Format.Count(c.Capacity!.PredictedKnee)}").ToList();
        var search = !capacities.Any(c => c.Capacity?.Strategy == SearchStrategy.Estimate)
            ? Markdown.ToHtml(Sections.Value["Declared steps"])
            : Markdown.ToHtml(Sections.Value["Estimate"], new Dictionary<string, string>
            {
                ["predicted"] = predicted.Count > 0 ? $" ({string.Join(", ", predicted)})" : "",
            });
        return search + Markdown.ToHtml(Sections.Value["Knee"]);
    }
}
