using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Laws;

/// <summary>
/// Predicts a variant's capacity at the SLA from the operational laws, then reads its measured capacity against it.
/// Every resource the variant holds (declared) and the app's CPU (measured) bounds the load; the smallest bound binds.
/// A resource held a fixed time per request is judged at the SLA's percentile (<see cref="OperationalLaws.ClientsWithinFixedHold"/>),
/// the CPU, shared as it serves, by its mean spread to a percentile (<see cref="OperationalLaws.ClientsWithinShared"/>). Sharing
/// the machine with k6, the app gets what k6 leaves: the machine's CPU per request bounds what this machine can measure,
/// the app's own CPU per request what the app could serve alone (the limit beside a "≥" from the load generator).
/// </summary>
public static class Predictor
{
    /// <summary>A measurement within this share of the prediction is as predicted: the machines here drift more between runs.</summary>
    public const double Tolerance = 0.15;

    /// <summary>A machine this busy (app, k6 and the database together) starves whoever waits for a core.</summary>
    public const double BusyMachinePercent = 90;

    /// <summary>The prediction and the reading of the measurement; null when nothing bounds the variant (no CPU measured, nothing declared).</summary>
    public static Prediction? Predict(ExperimentResult experiment, VariantResult variant, IReadOnlyList<Hold> holds, RunResources resources)
    {
        var steps = variant.Steps;
        if (ServiceDemand.ResponseSeconds(steps) is not { } r0 || ServiceDemand.HoldSeconds(steps, experiment.IdealRpsPerClient) is not { } hold)
        {
            return null;
        }

        var sla = experiment.Sla.P95Ms / 1000;
        var open = experiment.Model.IsOpen;
        var bounds = new List<ResourceBound>();
        foreach (var held in holds)
        {
            if (resources.Units(held.Resource) is not { } units)
            {
                continue;
            }

            var (id, name) = Names(held.Resource);
            bounds.Add(held.For == HoldSpan.Session
                ? new ResourceBound(id, name, units.Units, units.From, null, null, (int)units.Units)
                : new ResourceBound(id, name, units.Units, units.From, hold * 1000, units.Units / hold,
                    open ? Whole(units.Units / hold) : OperationalLaws.ClientsWithinFixedHold(sla, r0, units.Units, hold)));
        }

        // The bounded audit log admits its writers' entries and a queue; past them it answers 503 at once. Requests reach
        // it only as fast as pool threads carry them, so the cap binds once the pool starts with more threads than it admits.
        if (holds.Any(h => h.Resource == HeldResource.AuditWriters) && resources.AuditWriters + resources.AuditQueue is var admitted
            && resources.PoolMinimum > admitted)
        {
            bounds.Add(new ResourceBound(ResourceBound.AuditAdmission, "the audit hand-off", admitted,
                $"{resources.AuditWriters} writing + {resources.AuditQueue} queued", null, null, admitted));
        }

        if (ServiceDemand.CpuSeconds(steps, resources.AppCores) is { } cpu)
        {
            bounds.Add(CpuBound(ResourceBound.Cpu, "the app's CPU", resources.AppCores, cpu.Seconds, sla, r0, open));
        }

        // Sharing its cores with k6 (and a local database), the app gets what they leave: the machine's CPU per request.
        if (resources.SharedCores is { } shared && ServiceDemand.MachineCpuSeconds(steps, shared) is { } machine)
        {
            var sharers = experiment.Gauges?.Contains("connection-pool") == true || holds.Any(h => h.Resource is HeldResource.DbConnections or HeldResource.AuditWriters)
                ? "the app, k6 and the database" : "the app and k6";
            bounds.Add(CpuBound(ResourceBound.MachineCpu, $"the machine's CPU ({sharers})", shared, machine, sla, r0, open));
        }

        if (bounds.Count == 0)
        {
            return null;
        }

        var binding = bounds.MinBy(b => b.Load)!;
        var maxDemand = bounds.Where(b => b.MaxRps is > 0).Select(b => 1 / b.MaxRps!.Value).DefaultIfEmpty(0).Max();
        var rps = open ? binding.Load
            : maxDemand > 0 ? OperationalLaws.MaxThroughput(binding.Load, r0, maxDemand) : binding.Load / r0;
        var (outcome, error, why) = Read(experiment, variant, binding);
        return new Prediction(binding.Load, rps, binding, bounds, r0 * 1000, outcome, error, why,
            open ? null : Usl.Fit(ThroughputCurve.Of(steps)));
    }

    private static ResourceBound CpuBound(string id, string name, int cores, double seconds, double sla, double r0, bool open) =>
        new(id, name, cores, $"{cores} {(cores == 1 ? "core" : "cores")}", seconds * 1000, cores / seconds,
            open ? Whole(cores / seconds) : OperationalLaws.ClientsWithinShared(sla, r0, seconds / cores));

    private static (string Id, string Name) Names(HeldResource resource) => resource switch
    {
        HeldResource.Threads => ("threads", "pool threads"),
        HeldResource.DbConnections => ("dbConnections", "the connection pool"),
        _ => ("auditWriters", "the audit writers"),
    };

    /// <summary>How the measured capacity compares with the binding bound, and what broke when it parts from it.</summary>
    private static (PredictionOutcome Outcome, double? Error, string? Why) Read(ExperimentResult experiment, VariantResult variant, ResourceBound binding)
    {
        var predicted = binding.Load;
        var model = experiment.Model;
        if (variant.Capacity is not { } capacity)
        {
            var lowest = variant.Steps.Min(s => s.Concurrency);
            return predicted < lowest
                ? (PredictionOutcome.AsPredicted, null, $"the laws allow {model.Load(predicted)}, fewer than the lowest load tried ({model.Load(lowest)})")
                : (PredictionOutcome.Below, null, Below(experiment, variant, binding));
        }

        var measured = capacity.Concurrency;
        var error = predicted > 0 ? (measured - predicted) / (double)predicted * 100 : (double?)null;
        var close = predicted > 0 && Math.Abs(measured - predicted) <= Math.Max(1, Tolerance * predicted);
        var bracketed = capacity.MissedAt is { } missed && predicted >= measured && predicted < missed;
        if (capacity.AtLeastBecause is not null)
        {
            // "≥ 2,000": at or above the prediction it confirms it; below, it says where k6 stopped, not the app.
            return close ? (PredictionOutcome.AsPredicted, null, null)
                : measured > predicted ? (PredictionOutcome.Above, null, Above(experiment, variant, binding))
                : (PredictionOutcome.LowerBound, null, null);
        }

        return close || bracketed ? (PredictionOutcome.AsPredicted, error, null)
            : measured < predicted ? (PredictionOutcome.Below, error, Below(experiment, variant, binding))
            : (PredictionOutcome.Above, error, Above(experiment, variant, binding));
    }

    /// <summary>Which assumption broke below the bound, read off the first run at the load that missed.</summary>
    private static string Below(ExperimentResult experiment, VariantResult variant, ResourceBound binding)
    {
        var step = Compare.KneeStep.Of(variant);
        if (step is null)
        {
            return "no probe at the knee to read";
        }

        var at = experiment.Model.Load(step.Concurrency);
        var poolWait = step.Gauge("db.poolWaitMs");
        return step switch
        {
            { Saturated: Saturation.LoadGenerator } => $"k6 was short of CPU at {at}, so the load was not what it asked",
            { Saturated: Saturation.App } when !binding.IsCpu => $"the app ran out of CPU at {at} before {binding.Name} did",
            { MachineCpuPercent: >= BusyMachinePercent } when binding.Resource != ResourceBound.MachineCpu => $"the machine's CPUs were {Format.Percent(step.MachineCpuPercent)} busy at {at}: the app shares them with k6{(experiment.Gauges?.Contains("connection-pool") == true ? " and the database" : "")}",
            _ when poolWait >= 1 && binding.Resource != "dbConnections" => $"the database queued: requests waited {Format.Duration(poolWait)} for a connection at {at}",
            _ when step.Missed.Contains("errors") => $"{Format.Fraction(step.ErrorRate)} of requests failed at {at}, before {binding.Name} filled",
            _ => $"p95 passed the SLA at {at} while the bound on the mean still had room: requests queue unevenly (bursts, the pool's hill climbing)",
        };
    }

    /// <summary>Why more was served than the binding resource allows: mostly, the thread pool grew during the probe.</summary>
    private static string Above(ExperimentResult experiment, VariantResult variant, ResourceBound binding)
    {
        var capacity = variant.Capacity!;
        var grown = variant.Steps.Where(s => s.Concurrency == capacity.Concurrency).Max(s => s.ThreadsAtEnd);
        if (binding.Resource == "threads" && grown > binding.Units && binding.HoldMs is { } holdMs)
        {
            var sla = experiment.Sla.P95Ms / 1000;
            var r0 = ServiceDemand.ResponseSeconds(variant.Steps) ?? holdMs / 1000;
            var allows = OperationalLaws.ClientsWithinFixedHold(sla, r0, grown.Value, holdMs / 1000);
            return $"the pool grew from {Format.Count(binding.Units)} to {Format.Count(grown)} threads during the probe at {experiment.Model.Load(capacity.Concurrency)} "
                + $"(hill climbing and starvation injection add threads while work waits); with {Format.Count(grown)} threads the laws allow {Format.Count(allows)}";
        }

        return binding.Resource == "threads" && grown > binding.Units
            ? $"the pool grew from {Format.Count(binding.Units)} to {Format.Count(grown)} threads during the probe"
            : $"{binding.Name} served more than its units ÷ its time per request: a unit was held less than at the lightest load";
    }

    private static int Whole(double value) => (int)Math.Min(int.MaxValue, Math.Floor(value));
}
