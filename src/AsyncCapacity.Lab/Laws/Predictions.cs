using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static class Predictions
{
    public static ResultsDocument Attach(ResultsDocument document)
    {
        var resources = RunResources.Of(document.Run);
        return document with
        {
            Experiments = [.. document.Experiments.Select(experiment => experiment with
            {
                Variants = [.. experiment.Variants.Select(variant => Attach(experiment, variant, document.Run, resources))],
            })],
        };
    }

    /// <summary>One variant's prediction, the rest of its experiment unread.</summary>
    public static VariantResult Attach(ExperimentResult experiment, VariantResult variant, RunInfo run) =>
        Attach(experiment, variant, run, RunResources.Of(run));

    private static VariantResult Attach(ExperimentResult experiment, VariantResult variant, RunInfo run, RunResources resources)
    {
        if (variant.Steps.Count == 0)
        {
            return variant;
        }

        variant = variant with { ThreadsHeld = variant.ThreadsHeld ?? Measured(experiment, variant) };
        var declared = variant.Holds ?? Holds(experiment.Name, variant.Name);
        // Measured, not declared: each request holds this many pool threads for its hold (Little's law on its stacks).
        var measured = declared.Any(h => h.Resource == HeldResource.Threads) ? null
            : variant.ThreadsHeld is { PerRequest: >= 0.5 } threads ? threads.PerRequest : (double?)null;
        IReadOnlyList<Hold> holds = measured is null ? declared : [.. declared, new Hold(HeldResource.Threads)];
        var grown = GrownPool.Of(experiment, variant, holds, run);
        return IsRead(variant.Prediction, grown) ? variant
            : variant with { Prediction = Predictor.Predict(experiment, variant, holds, resources, grown, measured) };
    }

    /// <summary>Saved before readings were records, or before the pool's growth was a law: read again.</summary>
    private static bool IsRead(Prediction? prediction, PoolGrowthBound? grown) =>
        prediction is not null
        && (prediction.Reason is not null || prediction.Outcome is not (PredictionOutcome.Below or PredictionOutcome.Above))
        && (grown is null || prediction.Grown is not null || prediction.Binding.Resource != ResourceKind.Threads);

    /// <summary>A WebSocket session holds its thread for the session, not per request.</summary>
    private static MeasuredHold? Measured(ExperimentResult experiment, VariantResult variant) =>
        experiment.Load == LoadKind.Http ? ThreadsPerRequest.Of(variant.Steps, closedModel: !experiment.Model.IsOpen) : null;

    private static IReadOnlyList<Hold> Holds(string experiment, string variant) =>
        ExperimentCatalog.Find(experiment)?.Variants.FirstOrDefault(v => v.Name == variant)?.Holds ?? [];
}
