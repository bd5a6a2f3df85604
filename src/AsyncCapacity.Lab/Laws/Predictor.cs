using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Laws;

/// <summary>Every resource a variant holds (declared) and the CPU (measured) bound its load; the bottleneck binds.</summary>
public static partial class Predictor
{
    /// <summary>The machines here drift more than this between runs.</summary>
    public const double Tolerance = 0.15;

    public const double HeldLongerFactor = 1.5;

    public const double BusyMachinePercent = StepFlag.BusyMachinePercent;

    public static Prediction? Predict(
        ExperimentResult experiment, VariantResult variant, IReadOnlyList<Hold> holds, RunResources resources,
        PoolGrowthBound? grown = null, double? measured = null)
    {
        var steps = variant.Steps;
        if (ServiceDemand.ResponseSeconds(steps, experiment.IdealRpsPerClient) is not { } r0
            || ServiceDemand.HoldSeconds(steps, experiment.IdealRpsPerClient) is not { } hold)
        {
            return null;
        }

        var sla = new SlaLaws(Milliseconds.ToSeconds(experiment.Sla.P95Ms), r0, experiment.Model.IsOpen);
        var bounds = Bounds(experiment, variant, holds, resources, sla, hold, measured);
        if (bounds.Count == 0)
        {
            return null;
        }

        // The bottleneck binds: the bound on the mean that allows the fewest clients (the largest demand, D_max). The
        // range: from its percentile estimate to that bound.
        var binding = bounds.MinBy(b => b.MeanLoad)!;
        var (low, high) = (Math.Min(binding.Load, binding.MeanLoad), binding.MeanLoad);
        // X ≤ min(N ÷ R₀, 1 ÷ D_max) at the predicted load; in the open model the load is the offered rate itself.
        var maxDemand = bounds.Where(b => b.MaxRps is > 0).Select(b => 1 / b.MaxRps!.Value).DefaultIfEmpty(0).Max();
        var rps = sla.Open ? low : OperationalLaws.MaxThroughput(low, r0, maxDemand);
        var reading = new Reading(experiment, variant, binding, sla, hold);
        var (outcome, error, reason) = reading.Of(low, high);
        return new Prediction(low, rps, binding, bounds, Milliseconds.FromSeconds(r0), outcome, error, reason,
            sla.Open ? null : Usl.ForReport(ThroughputCurve.Of(steps)))
        {
            MeanLoad = high,
            Grown = grown is not null && binding.Resource == ResourceKind.Threads ? reading.Growth(grown) : null,
            MeasuredThreadsPerRequest = measured,
        };
    }

    private static List<ResourceBound> Bounds(
        ExperimentResult experiment, VariantResult variant, IReadOnlyList<Hold> holds, RunResources resources,
        SlaLaws sla, double hold, double? measured)
    {
        var steps = variant.Steps;
        var bounds = new List<ResourceBound>();
        foreach (var held in holds)
        {
            if (resources.Units(held.Resource) is { } units)
            {
                var kind = ResourceKind.Of(held.Resource);
                var heldFor = held.Resource == HeldResource.Threads && measured is { } perRequest ? hold * perRequest : hold;
                bounds.Add(held.For == HoldSpan.Session
                    ? ResourceBound.Session(kind, units.Units, units.From)
                    : sla.Held(kind, units.Units, units.From, heldFor));
            }
        }

        if (AuditAdmission(holds, resources) is { } admission)
        {
            bounds.Add(admission);
        }

        // --demand's fixed rates, where they gave a line, say D and what the app spends whatever the load, as the app alone does
        // (CapacityLimits.AppAloneOf): the CPUs left for requests over D. Else the search's probes.
        if (variant.DemandSteps is { Count: > 0 } demand && ServiceDemand.CpuLineOf(demand, resources.AppCores) is { } line
            && line.Serving(resources.Cpus) is { } serving)
        {
            bounds.Add(sla.Cpu(ResourceKind.Cpu, null, serving, line.Seconds));
        }
        else if (ServiceDemand.CpuSeconds(steps, resources.AppCores) is { } cpu)
        {
            bounds.Add(sla.Cpu(ResourceKind.Cpu, null, resources.Cpus, cpu.Seconds));
        }

        // Sharing its cores with k6 (and a local database), the app gets what they leave: the machine's CPU per request.
        if (resources.SharedCores is { } shared && ServiceDemand.MachineCpuSeconds(steps, shared) is { } machine)
        {
            var withDatabase = UsesDatabase(experiment)
                || holds.Any(h => h.Resource is HeldResource.DbConnections or HeldResource.AuditWriters);
            bounds.Add(sla.Cpu(ResourceKind.MachineCpu, withDatabase ? CpuSharing.AppK6AndDatabase : CpuSharing.AppAndK6, shared, machine));
        }

        return bounds;
    }

    /// <summary>Requests reach the bounded audit log only as fast as pool threads carry them, so its cap binds once the pool
    /// starts with more threads than it admits.</summary>
    private static ResourceBound? AuditAdmission(IReadOnlyList<Hold> holds, RunResources resources) =>
        holds.Any(h => h.Resource == HeldResource.AuditWriters) && resources.AuditWriters + resources.AuditQueue is var admitted
            && resources.PoolMinimum > admitted
            ? ResourceBound.Admission(resources.AuditWriters, resources.AuditQueue)
            : null;

    private static bool UsesDatabase(ExperimentResult experiment) => experiment.Gauges?.Contains(GaugeCatalog.ConnectionPool.Id) == true;

    private sealed record SlaLaws(double Sla, double R0, bool Open)
    {
        /// <summary>At p95, requests that find every unit busy wait whole holds; the mean's bound is looser.</summary>
        public ResourceBound Held(ResourceKind kind, double units, UnitsSource from, double hold) => Open
            ? ResourceBound.Held(kind, units, from, hold, OperationalLaws.MaxRate(units, hold), OperationalLaws.MaxRate(units, hold))
            : ResourceBound.Held(kind, units, from, hold,
                OperationalLaws.ClientsWithinFixedHold(Sla, R0, units, hold), OperationalLaws.ClientsWithinMean(Sla, R0, hold / units));

        /// <summary>Shared as it serves, every request slowing together: p95 ≈ ln 20 × the mean.</summary>
        public ResourceBound Cpu(ResourceKind kind, CpuSharing? shared, double cores, double demand) => Open
            ? ResourceBound.Cpu(kind, shared, cores, demand, OperationalLaws.MaxRate(cores, demand), OperationalLaws.MaxRate(cores, demand))
            : ResourceBound.Cpu(kind, shared, cores, demand,
                OperationalLaws.ClientsWithinShared(Sla, R0, demand / cores), OperationalLaws.ClientsWithinMean(Sla, R0, demand / cores));
    }
}
