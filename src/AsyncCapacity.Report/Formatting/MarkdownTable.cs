using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>
/// A run's capacities as a Markdown table, for docs that quote a recorded run (the workshop's answers, a pull request):
/// per variant the capacity with its interval and the time under load it was judged at, the throughput there, the laws'
/// prediction, the threads each request held, and where the pool's threads were at the knee. Only what the results hold, so a
/// table regenerates exactly.
/// </summary>
public static class MarkdownTable
{
    public static string Of(ResultsDocument document)
    {
        var rows = new List<string>
        {
            "| experiment | variant | capacity (90% interval) at its horizon | at | predicted | pool threads per request | at the knee |",
            "|---|---|---|---|---|---|---|",
        };
        foreach (var experiment in document.Experiments)
        {
            foreach (var variant in experiment.Variants)
            {
                rows.Add($"| {experiment.Name} | {variant.Name} | {Capacity(variant, document.Run)} | {At(experiment, variant)} "
                    + $"| {Predicted(experiment, variant)} | {Held(variant)} | {Knee(variant)} |");
            }
        }

        return string.Join('\n', rows) + "\n";
    }

    private static string Capacity(VariantResult variant, RunInfo run) => variant.Capacity is { } capacity
        ? $"**{CapacityText.Value(capacity)}**{(CapacityText.Sureness(capacity) is { Length: > 0 } sure ? $" ({Cell(sure)})" : "")}"
            + (HorizonText.Seconds(variant, run) is { } horizon ? " " + HorizonText.At(horizon) : "")
        : "none met the SLA";

    private static string At(ExperimentResult experiment, VariantResult variant) =>
        variant.Capacity is { } capacity ? $"{Format.Rps(capacity.Rps)} {experiment.RateUnit}" : "";

    private static string Predicted(ExperimentResult experiment, VariantResult variant) =>
        variant.Prediction is { } prediction ? Cell(PredictionText.Brief(prediction, experiment.Model)) : "";

    private static string Held(VariantResult variant) => variant.ThreadsHeld is { } held
        ? $"{Format.Number(held.PerRequest)} ({held.Probes} {(held.Probes == 1 ? "probe" : "probes")})" : "";

    private static string Knee(VariantResult variant) =>
        KneeStep.Of(variant)?.Waits is { } waits ? Cell(WaitText.Headline(waits, variant.Request)) : "";

    private static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal).Replace('\n', ' ');
}
