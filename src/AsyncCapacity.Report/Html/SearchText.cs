using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Html;

/// <summary>How the run's capacities were found: the estimate's search, a run made before it, or the steps alone.</summary>
internal static class SearchText
{
    public static string Of(ResultsDocument document)
    {
        var capacities = document.Experiments.SelectMany(e => e.Variants.Select(v => (Name: $"{e.Name} {v.Name}", v.Capacity))).ToList();
        // A bracket without an estimate: a run made before the estimate (schema 3 and earlier).
        if (capacities.Any(c => c.Capacity?.Strategy is SearchStrategy.Laws or SearchStrategy.Grid
            || c.Capacity is { Estimate: null, MissedAt: not null }))
        {
            return "This run was made before the knee was estimated: each capacity is the largest load that met the SLA by the "
                + "majority of its runs, with its bracket (the smallest load that missed above it) and the runs at both ends.";
        }

        var predicted = capacities.Where(c => c.Capacity?.PredictedKnee is not null)
            .Select(c => $"{c.Name} from {Format.Count(c.Capacity!.PredictedKnee)}").ToList();
        var search = !capacities.Any(c => c.Capacity?.Strategy == SearchStrategy.Estimate)
            ? "Each variant ran its declared steps only (--search off). "
            : "Each variant began with its lightest declared step, then the knee the operational laws predicted from it (where "
                + "nothing bound, the declared steps), climbing to the laws' knee from the probes so far until a load missed"
                + (predicted.Count > 0 ? $" ({string.Join(", ", predicted)})" : "")
                + ". From then on each probe went where its outcome was least certain, the load that shrinks the knee's interval "
                + "most (QUEST+, Watson 2017), until the 90% interval was within ±10% of the estimate or the probe budget was spent, "
                + "as each card says. A probe's window was stretched where too few requests would have completed in it; an "
                + "experiment's headline load (C10k: 10,000) was probed once whatever the knee. ";
        return search
            + "The knee is the load at which half the launches meet the SLA, estimated from every judged probe, each a fresh app: "
            + "each probe's margin ln(p95 ÷ SLA) against ln load, by its value within ln 1.5 of the SLA and as well below or well "
            + "above beyond it (a censored regression, Tobin 1958), a miss by errors or unanswered clients as a miss; its posterior "
            + "on a grid, as psignifit fits a threshold (Schütt et al. 2016), with a 90% interval that reruns of the same code fall "
            + "in. Where nothing missed, the capacity is a lower bound, \"≥ N\", that says what stopped it; a miss while k6 was "
            + "short of CPU may be k6's, and the bracket below it narrowed to 25%. Every probe is in the step tables (bold: those "
            + "within the interval) and on the charts.";
    }
}
