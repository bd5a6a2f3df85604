using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>Where the laws put a variant's knee from its probes so far: what the search probes after the lightest step.</summary>
public static class PredictedKnee
{
    /// <summary>
    /// The low end of the laws' range (what the binding resource allows even when requests wait a whole hold), read as the
    /// report reads it, with pool threads counted as the pool will have grown them within a probe (<see cref="GrownPool"/>);
    /// null where nothing binds (no resource declared, too few requests to measure the CPU per request).
    /// </summary>
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
