using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static class GrownPool
{
    /// <summary>The threads the pool grows to within a probe's window, as the variant's probes say it grew
    /// (<see cref="PoolReading"/>).</summary>
    public static PoolGrowthBound? Of(ExperimentResult experiment, VariantResult variant, IReadOnlyList<Hold> holds, RunInfo run) =>
        PoolReading.Of(experiment, variant, holds.FirstOrDefault(h => h.Resource == HeldResource.Threads), run) is { } pool
            ? PoolGrowth.Predict(pool.By, pool.Cores, pool.Minimum, pool.PerSession ? null : pool.HoldSeconds,
                run.Settings.WarmupSeconds, run.Settings.StepSeconds, experiment.Sla.P95Ms / 1000, pool.ResponseSeconds)
            : null;
}
