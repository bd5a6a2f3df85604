using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Laws;

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
                Variants = [.. experiment.Variants.Select(variant => IsRead(variant.Prediction) || variant.Steps.Count == 0 ? variant
                    : variant with
                    {
                        Prediction = Predictor.Predict(
                            experiment, variant, variant.Holds ?? Holds(experiment.Name, variant.Name), resources),
                    })],
            })],
        };
    }

    /// <summary>A prediction saved before readings were records (its "why" a sentence) is read again, so it still says why.</summary>
    private static bool IsRead(Prediction? prediction) =>
        prediction is not null
        && (prediction.Reason is not null || prediction.Outcome is not (PredictionOutcome.Below or PredictionOutcome.Above));

    private static IReadOnlyList<Hold> Holds(string experiment, string variant) =>
        ExperimentCatalog.Find(experiment)?.Variants.FirstOrDefault(v => v.Name == variant)?.Holds ?? [];
}
