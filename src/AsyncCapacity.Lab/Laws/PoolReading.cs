using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>What the pool's growth rests on, read once from a variant's short probes for the laws' bound (<see cref="GrownPool"/>) and
/// the horizon's forecast: how it grew (cooperative blocking where any step's event 55 recorded it, else starvation), the cores and
/// minimum .NET gave it, the time a request holds a thread and the response time at light load.</summary>
/// <param name="PerSession">The thread is held for a whole session (a WebSocket), not for a request's wait.</param>
public sealed record PoolReading(PoolInjection By, int Cores, int Minimum, double HoldSeconds, double ResponseSeconds, bool PerSession)
{
    /// <summary>Null where no thread is held, or the run or the probes leave the pool's minimum, its cores or the times unknown.</summary>
    public static PoolReading? Of(ExperimentResult experiment, VariantResult variant, Hold? threads, RunInfo run)
    {
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
        return new PoolReading(by, resources.AppCores, minimum, hold, r0, threads.For == HoldSpan.Session);
    }
}
