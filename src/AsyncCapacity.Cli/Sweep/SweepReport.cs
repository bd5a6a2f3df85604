using AsyncCapacity.Cli.Output;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The sweep's record as results.json and the HTML report, built once: at its end, or for the probes it finished when it
/// was interrupted or failed, marked partial with how to go on.</summary>
internal static class SweepReport
{
    public static async Task WriteAsync(
        string directory, RunPlan plan, RunFacts facts, SweepRecord record, IReadOnlyList<IVariantPhase> phases, ConsoleProgress progress,
        CancellationToken cancellationToken)
    {
        var document = Document(plan, facts, record, phases, partial: null);
        var html = await ReportWriter.WriteAsync(document, directory, cancellationToken);
        foreach (var line in document.Experiments.SelectMany(experiment => EndOfSweepText.Lines(experiment, document.Run)))
        {
            progress.Info(line);
        }

        if (facts.Overhead is { } overhead)
        {
            progress.Info($"Instrument overhead: the app's /hello at {overhead.Ratio:0.00}× a minimal ASP.NET Core app's req/s "
                + $"({overhead.AppRps:#,0} vs {overhead.MinimalRps:#,0}).");
        }

        progress.Info($"Report: {html} (took {progress.Elapsed.TotalMinutes:0.#} min)");
    }

    /// <summary>Written whatever the sweep's token says: it is written because the sweep is being stopped.</summary>
    public static async Task WritePartialAsync(
        string directory, RunPlan plan, RunFacts facts, SweepRecord record, IReadOnlyList<IVariantPhase> phases, Exception stoppedBy,
        ConsoleProgress progress)
    {
        var interrupted = stoppedBy is OperationCanceledException;
        var partial = new PartialRun(interrupted ? PartialReason.Interrupted : PartialReason.Failed, record.Probes, record.Unfinished(plan),
            interrupted ? null : stoppedBy.Message);
        var html = await ReportWriter.WriteAsync(Document(plan, facts, record, phases, partial), directory, CancellationToken.None);
        progress.Info($"Partial report of the {record.Probes} probes finished: {html}");
        progress.Info($"Go on from them with: capacity sweep --resume {directory}");
    }

    private static ResultsDocument Document(
        RunPlan plan, RunFacts facts, SweepRecord record, IReadOnlyList<IVariantPhase> phases, PartialRun? partial)
    {
        var finished = facts with
        {
            FinishedAt = DateTimeOffset.UtcNow,
            Target = facts.Target with { ReadFromOutside = record.Readings.AnyFromOutside },
        };
        var document = new ResultsDocument(ResultsDocument.CurrentSchemaVersion, RunDescription.Of(finished, record.Readings.App),
            record.Results(plan, phases))
        { Partial = partial };
        return CapacityLimits.Attach(Predictions.Attach(document));
    }
}
