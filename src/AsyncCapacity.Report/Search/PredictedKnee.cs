using AsyncCapacity.Report.Laws;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Search;

/// <summary>Where the laws put a variant's knee from its probes so far: what the search probes after the lightest step.</summary>
public static class PredictedKnee
{
    /// <summary>
    /// The low end of the laws' range (what the binding resource allows even when requests wait a whole hold), read as the
    /// report reads it; null where nothing binds (no resource declared, too few requests to measure the CPU per request).
    /// </summary>
    public static int? Of(ExperimentResult soFar, string variant, RunInfo run)
    {
        var predicted = Predictions.Attach(new ResultsDocument(ResultsDocument.CurrentSchemaVersion, run, [soFar]));
        return predicted.Experiments[0].Variants.FirstOrDefault(v => v.Name == variant)?.Prediction?.Load is > 0 and var load ? load : null;
    }
}
