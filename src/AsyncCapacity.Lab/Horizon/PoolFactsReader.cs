using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A variant's <see cref="PoolFacts"/>, read from its short probes after the laws have read them: null for a variant
/// that holds no pool thread while it waits (declared, or measured from its stacks), whose capacity does not grow with the pool.</summary>
public static class PoolFactsReader
{
    public static PoolFacts? Of(ExperimentResult experiment, VariantResult variant, RunInfo run)
    {
        var resources = RunResources.Of(run);
        var threads = (variant.Holds ?? []).FirstOrDefault(h => h.Resource == HeldResource.Threads)
            ?? (variant.ThreadsHeld is { PerRequest: >= 0.5 } ? new Hold(HeldResource.Threads) : null);
        if (threads is null || resources.PoolMinimum is not { } minimum || resources.AppCores <= 0
            || ServiceDemand.ResponseSeconds(variant.Steps, experiment.IdealRpsPerClient) is not { } r0
            || ServiceDemand.HoldSeconds(variant.Steps, experiment.IdealRpsPerClient) is not { } hold)
        {
            return null;
        }

        var by = variant.Steps.Any(s => s.Adjustments?.ContainsKey(PoolAdjustmentReasons.CooperativeBlocking) == true)
            ? PoolInjection.CooperativeBlocking
            : PoolInjection.Starvation;
        // The cap another resource sets whatever the threads: the tightest bound of the laws but the threads' own.
        var ceiling = variant.Prediction?.Bounds.Where(b => b.Resource != ResourceKind.Threads).MinBy(b => b.MeanLoad);
        return new PoolFacts(by, resources.AppCores, minimum, hold, r0, threads.For == HoldSpan.Session,
            Milliseconds.ToSeconds(experiment.Sla.P95Ms), ceiling?.MeanLoad, ceiling?.Resource);
    }
}
