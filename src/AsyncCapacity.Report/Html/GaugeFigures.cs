using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.View;

namespace AsyncCapacity.Report.Html;

internal static class GaugeFigures
{
    public static IReadOnlyList<GaugeColumn> Columns(ExperimentResult experiment) =>
        [.. ExperimentGauges.Of(experiment).SelectMany(g => g.Columns)];

    public static string Text(GaugeColumn column, StepResult step) => column.Format switch
    {
        GaugeFormat.Duration => Format.Duration(step.Gauge(column.Id)),
        _ => Format.Count(step.Gauge(column.Id)),
    };

    /// <summary>What an error is here ("503 Server Too Busy (queue full)"), by its gauges; null when nothing special.</summary>
    public static string? ErrorsAre(ExperimentResult experiment) =>
        ExperimentGauges.Of(experiment).Select(g => g.ErrorsAre).OfType<string>().FirstOrDefault();
}
