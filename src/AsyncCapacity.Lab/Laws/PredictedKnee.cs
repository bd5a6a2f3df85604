using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static class PredictedKnee
{
    /// <summary>The low end of the laws' range, with pool threads counted as the pool will have grown them within a probe.</summary>
    /// <param name="experiment">What the laws read of the experiment (its SLA, ideal rate, load, model); its variants are not
    /// read.</param>
    /// <param name="variant">The variant's probes so far.</param>
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
