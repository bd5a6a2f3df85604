using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>What each variant was given to find its knee, as the report's header and compare say it.</summary>
public static class ProbePlanText
{
    /// <summary>"sleep, db: at most 13 probes per variant (3 steps, then up to 10 searching the knee)"; null for a run that did not
    /// record its plan.</summary>
    public static string? Of(IReadOnlyList<ExperimentResult> experiments)
    {
        var planned = experiments.Where(e => e.Plan is not null).ToList();
        if (planned.Count == 0)
        {
            return null;
        }

        var groups = planned.GroupBy(e => Budget(e.Plan!, e.Headline)).Select(g => $"{string.Join(", ", g.Select(e => e.Name))}: {g.Key}");
        var text = string.Join("; ", groups);
        return planned.Select(e => e.Plan!.Cap).OfType<LoadCap>().MinBy(c => c.Load) is { } cap
            ? $"{text}. {Cap(cap, planned[0].Model)}"
            : text;
    }

    /// <summary>"at most 13 probes per variant (3 steps, then up to 10 searching the knee)".</summary>
    public static string Budget(ProbePlan plan, int? headline) => plan.SearchProbes is { } search
        ? $"at most {plan.MaxProbes} probes per variant ({Steps(plan.Steps.Count)}, then up to {search} searching the knee"
            + (headline is null ? ")" : ", and its headline load once)")
        : $"{Steps(plan.Steps.Count)} per variant, no search (--search off)";

    /// <summary>"Loads capped at 19,000 concurrent clients: ..." (k6 and the app share the sweep's open files' limit).</summary>
    public static string Cap(LoadCap cap, LoadModel model) =>
        $"Loads capped at {model.ConcurrentLoad(cap.Load)}: k6 holds a socket per client and the app one per connection, each within "
        + $"the sweep's limit of {Format.Count(cap.OpenFiles)} open files (`ulimit -n`, which both inherit)";

    private static string Steps(int count) => count == 1 ? "1 step" : $"{count} steps";
}
