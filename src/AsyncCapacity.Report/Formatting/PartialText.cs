using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>A run that ended before its plan did, as the report's header says it.</summary>
public static class PartialText
{
    /// <summary>"Partial: the sweep was interrupted after 5 probes. sleep async's search did not end: its capacity is read off its
    /// probes so far. db sync, db async were not started. `capacity sweep --resume` with this report's folder goes on from them."</summary>
    public static string Of(ResultsDocument document, PartialRun partial)
    {
        var because = partial.Because == PartialReason.Interrupted
            ? $"the sweep was interrupted after {Probes(partial.Probes)}"
            : $"the sweep failed after {Probes(partial.Probes)}"
                + (partial.Error is { Length: > 0 } error ? $" ({error.TrimEnd('.')})" : "");
        var started = partial.Unfinished.Where(u => Reached(document, u)).Select(Named).ToList();
        var notStarted = partial.Unfinished.Where(u => !Reached(document, u)).Select(Named).ToList();
        var parts = new List<string> { $"Partial: {because}, and these are its results so far." };
        if (started.Count > 0)
        {
            parts.Add($"{string.Join(", ", started)}: the search did not end; "
                + $"{(started.Count == 1 ? "its capacity is" : "their capacities are")} read off the probes so far.");
        }

        if (notStarted.Count > 0)
        {
            parts.Add($"{string.Join(", ", notStarted)}: not started.");
        }

        parts.Add("`capacity sweep --resume` with this report's folder goes on from them and writes the whole report.");
        return string.Join(" ", parts);
    }

    private static bool Reached(ResultsDocument document, string unfinished) =>
        unfinished.Split(':') is [var experiment, var variant]
        && document.Experiments.Any(e => e.Name == experiment && e.Variants.Any(v => v.Name == variant));

    private static string Named(string unfinished) => unfinished.Replace(':', ' ');

    private static string Probes(int count) => count == 1 ? "1 probe" : $"{count} probes";
}
