using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.View;

/// <summary>The one source of every gauge series, column, title, note and definition in the report.</summary>
internal static class ExperimentGauges
{
    /// <summary>In the experiment's order; ids the catalogue does not know (a newer file) are left out.</summary>
    public static IReadOnlyList<Gauge> Of(ExperimentResult experiment) =>
        [.. (experiment.Gauges ?? []).Select(GaugeCatalog.Find).OfType<Gauge>()];

    /// <summary>The gauges of the experiments that ran, in catalogue order: what the page as a whole explains.</summary>
    public static IReadOnlyList<Gauge> OfRun(IEnumerable<ExperimentResult> experiments)
    {
        var listed = experiments.Where(e => e.SkippedReason is null && e.Variants.Count > 0).SelectMany(Of).ToHashSet();
        return [.. GaugeCatalog.All.Where(listed.Contains)];
    }
}
