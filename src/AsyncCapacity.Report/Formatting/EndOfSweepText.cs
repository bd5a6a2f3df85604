using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>What `capacity sweep` prints of each experiment when it ends: the verdict, then each variant's reading.</summary>
public static class EndOfSweepText
{
    public static IEnumerable<string> Lines(ExperimentResult experiment, RunInfo run)
    {
        if (experiment.SkippedReason is not null)
        {
            yield return $"{experiment.Name}: skipped.";
            yield break;
        }

        yield return $"{experiment.Name}: {VerdictText.Of(experiment, run)}";
        foreach (var variant in experiment.Variants.Where(v => v.Prediction is not null))
        {
            yield return $"    {variant.Name}: {PredictionText.Sentence(experiment, variant)}";
        }
    }
}
