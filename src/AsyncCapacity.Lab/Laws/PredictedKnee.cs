using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static class PredictedKnee
{
    /// <summary>The low end of the laws' range, with pool threads counted as the pool will have grown them within a probe.</summary>
    public static int? Of(ExperimentResult soFar, string variant, RunInfo run)
    {
        var predicted = Predictions.Attach(new ResultsDocument(ResultsDocument.CurrentSchemaVersion, run, [soFar])).Experiments[0];
        if (predicted.Variants.FirstOrDefault(v => v.Name == variant) is not { Prediction: { } prediction } measured)
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
