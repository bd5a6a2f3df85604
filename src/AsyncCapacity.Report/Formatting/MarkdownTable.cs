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

        return string.Join('\n', rows) + "\n" + Held(document);
    }

    /// <summary>Where loads were held (--sustain): each variant's curve in a line, then one row per load held, with what it cost and
    /// what the injection laws forecast for it; nothing where none was.</summary>
    private static string Held(ResultsDocument document)
    {
        var held = document.Experiments.SelectMany(e => e.Variants.Where(v => v.Sustained is not null).Select(v => (e, v))).ToList();
        if (held.Count == 0)
        {
            return "";
        }

        var rows = new List<string>
        {
            "",
            "| experiment | variant | held | caught up | pool threads | working set | app CPU | machine / k6 CPU | forecast |",
            "|---|---|---|---|---|---|---|---|---|",
        };
        foreach (var (experiment, variant) in held)
        {
            var sustained = variant.Sustained!;
            foreach (var hold in sustained.Holds)
            {
                var caughtUp = hold.EndedBy == HoldEnd.Failed ? $"not measured ({FlagText.WhyFailed(hold)})"
                    : hold.CaughtUpAt is { } at ? $"at {Format.Seconds(at)}"
                    : $"never within {Format.Seconds(hold.HeldSeconds)}";
                var cost = hold.Cost;
                var cpu = hold.MachineCpuPercent is { } machine
                    ? $"{Format.Count(machine)}% / {(hold.LoadGeneratorCpuPercent is { } k6 ? $"{Format.Count(k6)}%" : "?")}" : "";
                rows.Add($"| {experiment.Name} | {variant.Name} | {Cell(experiment.Model.Load(hold.Concurrency))} | {caughtUp} "
                    + $"| {(cost?.PoolThreads is { } threads ? Format.Count(threads) : "")} "
                    + $"| {(cost?.WorkingSetMb is { } mb ? $"{Format.Count(mb)} MB" : "")} "
                    + $"| {(cost?.CpuPercent is { } app ? $"{Format.Count(app)}%" : "")} | {cpu} | {Forecast(hold, sustained)} |");
            }
        }

        rows.Add("");
        rows.AddRange(held.Select(h => $"- {h.e.Name} {h.v.Name} over time: {SustainedText.Headline(h.e, h.v)}."));
        return string.Join('\n', rows) + "\n";
    }

    private static string Forecast(SustainedHold hold, Sustained sustained) => hold.Forecast is not { } forecast ? ""
        : Cell(ForecastText.Predicted(forecast, sustained.HorizonSeconds)
            + (forecast.Simulated is null ? $", {ForecastText.Mechanism(forecast.By)}" : "")
            + $", {Format.Count(forecast.ThreadsNeeded)} threads"
            + (forecast.Broke is { } miss ? $" ({ForecastText.Broke(miss, forecast)})" : ""));

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
