using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Search;

namespace AsyncCapacity.Report.Html;

/// <summary>How a search led by the laws (--search on) differed from the walk over the declared steps, and for which variants.</summary>
internal static class SearchText
{
    public static string LedByLaws(ResultsDocument document)
    {
        var capacities = document.Experiments.SelectMany(e => e.Variants.Select(v => (Name: $"{e.Name} {v.Name}", v.Capacity))).ToList();
        if (!capacities.Any(c => c.Capacity?.Strategy == SearchStrategy.Laws))
        {
            return "";
        }

        var predicted = capacities.Where(c => c.Capacity?.PredictedKnee is not null)
            .Select(c => $"{c.Name} from {Format.Count(c.Capacity!.PredictedKnee)}").ToList();
        return " This run's search was led by the laws (--search on; --search grid walks the declared steps first): after the lightest "
            + "step, it probed the knee the laws predicted from it and bracketed around it, stepping by doubles or halves beside it; "
            + "where nothing bound, the declared steps led. "
            + (predicted.Count == 0 ? ""
                : predicted.Count == capacities.Count ? $"Started from the predicted knee: {string.Join(", ", predicted)}. "
                : $"Started from the predicted knee: {string.Join(", ", predicted)}; the others from the declared steps. ")
            + "Repeats stopped once their majority was certain (two agreeing runs of three), and a miss while k6 was short of CPU narrowed "
            + "the bracket below it to 25% instead of ending the search: the lower bound is the largest load that met there.";
    }
}
