using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>What `capacity sweep` prints of each experiment when it ends: the verdict, each variant's capacity over time where
/// its loads were held (--sustain), then each variant's reading.</summary>
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
        // The curve first where the loads were held: it is the answer the single number stands for.
        foreach (var variant in experiment.Variants.Where(v => v.Sustained is not null))
        {
            yield return $"    {variant.Name} over time: {SustainedText.Headline(experiment, variant)}.";
            if (SustainedText.PreGrown(run, variant) is { } preGrown)
            {
                yield return $"    {preGrown}";
            }
        }

        foreach (var variant in experiment.Variants.Where(v => v.Prediction is not null))
        {
            yield return $"    {variant.Name}: {PredictionText.Sentence(experiment, variant)}";
        }

        foreach (var variant in experiment.Variants)
        {
            if (variant.Capacity is { } capacity && LimitText.Of(capacity, experiment.Model, experiment.RateUnit) is { } limit)
            {
                yield return $"    {variant.Name}: {CapacityText.Value(capacity)} {limit}.";
            }
        }
    }
}
