using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>Fills in every variant's prediction where it has none yet, from the holds its results kept (a user's
/// declaration) or this build declares.</summary>
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

    private static VariantResult Attach(ExperimentResult experiment, VariantResult variant, RunInfo run, RunResources resources)
    {
        if (variant.Steps.Count == 0)
        {
            return variant;
        }

        var holds = variant.Holds ?? Holds(experiment.Name, variant.Name);
        var grown = GrownPool.Of(experiment, variant, holds, run);
        return IsRead(variant.Prediction, grown) ? variant
            : variant with { Prediction = Predictor.Predict(experiment, variant, holds, resources, grown) };
    }

    /// <summary>
    /// A prediction saved before readings were records (its "why" a sentence), or before the pool's growth was a law, is
    /// read again, so that it still says why and what the grown pool allows.
    /// </summary>
    private static bool IsRead(Prediction? prediction, PoolGrowthBound? grown) =>
        prediction is not null
        && (prediction.Reason is not null || prediction.Outcome is not (PredictionOutcome.Below or PredictionOutcome.Above))
        && (grown is null || prediction.Grown is not null || prediction.Binding.Resource != ResourceKind.Threads);

    private static IReadOnlyList<Hold> Holds(string experiment, string variant) =>
        ExperimentCatalog.Find(experiment)?.Variants.FirstOrDefault(v => v.Name == variant)?.Holds ?? [];
}
