using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Laws;

/// <summary>
/// Fills in every variant's prediction of a results document, where it has none yet: at the end of a sweep, for the
/// results k6 wrote on its own, and for a results.json written before there were predictions (so that its report and
/// `capacity compare` show them too). The declarations come from the experiments this build declares.
/// </summary>
public static class Predictions
{
    public static ResultsDocument Attach(ResultsDocument document)
    {
        var resources = RunResources.Of(document.Run);
        return document with
        {
            Experiments = [.. document.Experiments.Select(experiment => experiment with
            {
                Variants = [.. experiment.Variants.Select(variant => variant.Prediction is not null || variant.Steps.Count == 0 ? variant
                    : variant with
                    {
                        Prediction = Predictor.Predict(experiment, variant, Holds(experiment.Name, variant.Name), resources),
                    })],
            })],
        };
    }

    private static IReadOnlyList<Hold> Holds(string experiment, string variant) =>
        ExperimentCatalog.Find(experiment)?.Variants.FirstOrDefault(v => v.Name == variant)?.Holds ?? [];
}
