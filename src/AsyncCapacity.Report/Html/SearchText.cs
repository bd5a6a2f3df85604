using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;
using AsyncCapacity.Report.Search;

namespace AsyncCapacity.Report.Html;

/// <summary>How a search led by the laws (--search on) differed from the walk over the declared steps, and for which variants.</summary>
internal static class SearchText
{
    /// <summary>The report's "how the capacity was found" for a run whose search the laws led; null for any other run.</summary>
    public static string? LedByLaws(ResultsDocument document)
    {
        var capacities = document.Experiments.SelectMany(e => e.Variants.Select(v => (Name: $"{e.Name} {v.Name}", v.Capacity))).ToList();
        if (!capacities.Any(c => c.Capacity?.Strategy == SearchStrategy.Laws))
        {
            return null;
        }

        var predicted = capacities.Where(c => c.Capacity?.PredictedKnee is not null)
            .Select(c => $"{c.Name} from {Format.Count(c.Capacity!.PredictedKnee)}").ToList();
        return "Each variant began with its lightest declared step, each probe on a fresh app. Then the search probed the knee the "
            + "operational laws predicted from that step (R₀, the CPU per request, what the variant holds, the pool's threads as the "
            + "runtime grows them within a probe) and bracketed around it by doubles or halves; while nothing had missed, it climbed to "
            + "the knee the laws read from every probe so far where that lay beyond a doubling (at most ×8 at once: the CPU per request "
            + "read at a light load overstates it). Where nothing bound, it climbed the declared steps until two in a row missed. "
            + (predicted.Count == 0 ? "No variant's knee was bound after its lightest step: each walked its declared steps. "
                : predicted.Count == capacities.Count ? $"Started from the predicted knee: {string.Join(", ", predicted)}. "
                : $"Started from the predicted knee: {string.Join(", ", predicted)}; the others from the declared steps. ")
            + "Between the largest load that met and the smallest that missed, the geometric middle, until the two were within 10% of "
            + "each other or one apart; then both ends run again until the majority of 3 runs was certain (two agreeing runs decide, a "
            + "third runs after a split; the sweep's --repeats sets the runs, and each capacity says its own). When runs disagree, the "
            + "majority decides and the split is said (\"4 met in 1 of 3 runs\"); a majority that flips moves the bracket. Where "
            + "nothing missed, it doubled the load until something did, or until the ceiling or the probe budget stopped it: the "
            + "capacity is then a lower bound, \"≥ N\", and says what stopped it. A load that missed while k6 was short of CPU may "
            + "have missed by k6's fault: the bracket below it narrowed to 25%, and the lower bound is the largest load that met "
            + "there. (--search grid walks the declared steps first, runs every repeat and ends the climb at such a miss.) Every "
            + "probe is in the step tables (bold: the runs that decided) and on the charts (points).";
    }
}
