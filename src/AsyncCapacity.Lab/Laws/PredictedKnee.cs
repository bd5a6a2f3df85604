using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static class PredictedKnee
{
    /// <summary>The low end of the laws' range, with pool threads counted as the pool will have grown them within a probe.</summary>
    /// <param name="experiment">Its variants are not read: the variant's probes so far are <paramref name="variant"/>'s.</param>
    public static int? Of(ExperimentResult experiment, VariantResult variant, RunInfo run)
    {
        if (Predictions.Attach(experiment, variant, run).Prediction is not { } prediction)
        {
            return null;
        }

        var knee = prediction.Grown is { } grown
            ? prediction.Bounds.Where(b => b.Resource != ResourceKind.Threads).Select(b => b.Load)
                .Append(Math.Max(grown.Low, prediction.Load)).Min()
            : prediction.Load;
        return knee > 0 ? knee : null;
    }
}
