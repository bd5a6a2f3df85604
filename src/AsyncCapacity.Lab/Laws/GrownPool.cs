using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

public static class GrownPool
{
    /// <summary>Its probes' own event 55 say how the pool grew: cooperative blocking where any step recorded it, else starvation.</summary>
    public static PoolGrowthBound? Of(ExperimentResult experiment, VariantResult variant, IReadOnlyList<Hold> holds, RunInfo run)
    {
        var threads = holds.FirstOrDefault(h => h.Resource == HeldResource.Threads);
        var resources = RunResources.Of(run);
        if (threads is null || resources.PoolMinimum is not { } minimum || resources.AppCores <= 0
            || ServiceDemand.ResponseSeconds(variant.Steps, experiment.IdealRpsPerClient) is not { } r0
            || ServiceDemand.HoldSeconds(variant.Steps, experiment.IdealRpsPerClient) is not { } hold)
        {
            return null;
        }

        var by = variant.Steps.Any(s => s.Adjustments?.ContainsKey(PoolAdjustmentReasons.CooperativeBlocking) == true)
            ? PoolInjection.CooperativeBlocking
            : PoolInjection.Starvation;
        return PoolGrowth.Predict(by, resources.AppCores, minimum, threads.For == HoldSpan.Session ? null : hold,
            run.Settings.WarmupSeconds, run.Settings.StepSeconds, experiment.Sla.P95Ms / 1000, r0);
    }
}
