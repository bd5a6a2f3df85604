using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>A variant's <see cref="PoolFacts"/>, read from its short probes after the laws have read them: null for a variant
/// that holds no pool thread while it waits (declared, or measured from its stacks), whose capacity does not grow with the pool.</summary>
public static class PoolFactsReader
{
    public static PoolFacts? Of(ExperimentResult experiment, VariantResult variant, RunInfo run)
    {
        var threads = (variant.Holds ?? []).FirstOrDefault(h => h.Resource == HeldResource.Threads)
            ?? (variant.ThreadsHeld is { PerRequest: >= 0.5 } ? new Hold(HeldResource.Threads) : null);
        if (PoolReading.Of(experiment, variant, threads, run) is not { } pool)
        {
            return null;
        }

        // The cap another resource sets whatever the threads: the tightest bound of the laws but the threads' own.
        var ceiling = variant.Prediction?.Bounds.Where(b => b.Resource != ResourceKind.Threads).MinBy(b => b.MeanLoad);
        return new PoolFacts(pool.By, pool.Cores, pool.Minimum, pool.HoldSeconds, pool.ResponseSeconds, pool.PerSession,
            Milliseconds.ToSeconds(experiment.Sla.P95Ms), ceiling?.MeanLoad, ceiling?.Resource);
    }
}
