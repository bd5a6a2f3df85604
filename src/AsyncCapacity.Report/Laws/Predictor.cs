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
        if (ServiceDemand.ResponseSeconds(steps, experiment.IdealRpsPerClient) is not { } r0 || ServiceDemand.HoldSeconds(steps, experiment.IdealRpsPerClient) is not { } hold)
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
                ? new ResourceBound(id, name, units.Units, units.From, null, null, (int)units.Units, (int)units.Units)
                : open ? new ResourceBound(id, name, units.Units, units.From, hold * 1000, units.Units / hold, Whole(units.Units / hold), Whole(units.Units / hold))
                : new ResourceBound(id, name, units.Units, units.From, hold * 1000, units.Units / hold,
                    OperationalLaws.ClientsWithinFixedHold(sla, r0, units.Units, hold),
                    OperationalLaws.ClientsWithinMean(sla, r0, hold / units.Units)));
        }

        // The bounded audit log admits its writers' entries and a queue; past them it answers 503 at once. Requests reach
        // it only as fast as pool threads carry them, so the cap binds once the pool starts with more threads than it admits.
        if (holds.Any(h => h.Resource == HeldResource.AuditWriters) && resources.AuditWriters + resources.AuditQueue is var admitted
            && resources.PoolMinimum > admitted)
        {
            bounds.Add(new ResourceBound(ResourceBound.AuditAdmission, "the audit hand-off", admitted,
                $"{resources.AuditWriters} writing + {resources.AuditQueue} queued", null, null, admitted, admitted));
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

        // The bottleneck binds: the resource whose bound on the mean allows the fewest clients (the largest demand per
        // request, D_max). The range: from its percentile estimate to that bound.
        var binding = bounds.MinBy(b => b.MeanLoad)!;
        var (low, high) = (Math.Min(binding.Load, binding.MeanLoad), binding.MeanLoad);
        var maxDemand = bounds.Where(b => b.MaxRps is > 0).Select(b => 1 / b.MaxRps!.Value).DefaultIfEmpty(0).Max();
        var rps = open ? low
            : maxDemand > 0 ? OperationalLaws.MaxThroughput(low, r0, maxDemand) : low / r0;
        var (outcome, error, why) = Read(experiment, variant, binding, low, high);
        return new Prediction(low, rps, binding, bounds, r0 * 1000, outcome, error, why,
            open ? null : Usl.Fit(ThroughputCurve.Of(steps)))
        {
            MeanLoad = high,
        };
    }

    private static ResourceBound CpuBound(string id, string name, int cores, double seconds, double sla, double r0, bool open) =>
        new(id, name, cores, $"{cores} {(cores == 1 ? "core" : "cores")}", seconds * 1000, cores / seconds,
            open ? Whole(cores / seconds) : OperationalLaws.ClientsWithinShared(sla, r0, seconds / cores),
            open ? Whole(cores / seconds) : OperationalLaws.ClientsWithinMean(sla, r0, seconds / cores));

    private static (string Id, string Name) Names(HeldResource resource) => resource switch
    {
        HeldResource.Threads => ("threads", "pool threads"),
        HeldResource.DbConnections => ("dbConnections", "the connection pool"),
        _ => ("auditWriters", "the audit writers"),
    };

    /// <summary>
    /// How the measured capacity compares with the predicted range [low, high], and what broke when it parts from it. The
    /// error is against the nearer end of the range (0 inside it); within <see cref="Tolerance"/> of an end, or with the
    /// range inside the measured bracket, it is as predicted.
    /// </summary>
    private static (PredictionOutcome Outcome, double? Error, string? Why) Read(
        ExperimentResult experiment, VariantResult variant, ResourceBound binding, int low, int high)
    {
        var model = experiment.Model;
        if (variant.Capacity is not { } capacity)
        {
            var lowest = variant.Steps.Min(s => s.Concurrency);
            return low < lowest
                ? (PredictionOutcome.AsPredicted, null, $"the laws allow {model.Load(low)}, fewer than the lowest load tried ({model.Load(lowest)})")
                : (PredictionOutcome.Below, null, Below(experiment, variant, binding));
        }

        var measured = capacity.Concurrency;
        var nearest = measured < low ? low : measured > high ? high : measured;
        var error = nearest > 0 ? (measured - nearest) / (double)nearest * 100 : (double?)null;
        var close = nearest > 0 && Math.Abs(measured - nearest) <= Math.Max(1, Tolerance * nearest);
        var bracketed = capacity.MissedAt is { } missed && low < missed && high >= measured;
        // A lower bound: what stopped the search, or (a run before the search) the top of the grid with nothing missed above.
        if (capacity.AtLeastBecause is not null || capacity.MissedAt is null)
        {
            // "≥ 2,000": within or above the range it confirms it; below, it says where k6 stopped, not the app.
            return measured >= low * (1 - Tolerance) && measured <= high * (1 + Tolerance) ? (PredictionOutcome.AsPredicted, null, null)
                : measured > high ? (PredictionOutcome.Above, null, Above(experiment, variant, binding))
                : (PredictionOutcome.LowerBound, null, null);
        }

        return close || bracketed ? (PredictionOutcome.AsPredicted, error, null)
            : measured < low ? (PredictionOutcome.Below, error, Below(experiment, variant, binding))
            : (PredictionOutcome.Above, error, Above(experiment, variant, binding));
    }

    /// <summary>Which assumption broke below the bound, read off the first run at the load that missed.</summary>
    private static string Below(ExperimentResult experiment, VariantResult variant, ResourceBound binding)
    {
        var step = KneeStep.Of(variant);
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
            _ when poolWait >= 1 && binding.Resource != "dbConnections" => $"requests waited {Format.Duration(poolWait)} for a pooled connection at {at}: the database held each longer than at one client",
            _ when step.Missed.Contains("errors") => $"{Format.Fraction(step.ErrorRate)} of requests failed at {at}, before {binding.Name} filled",
            { MeanMs: { } mean, P95Ms: { } p95 } when mean <= experiment.Sla.P95Ms && p95 > experiment.Sla.P95Ms =>
                $"at {at} the mean response ({Format.Duration(mean)}) was within the SLA but p95 was {(p95 / mean).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture)}× it: "
                + "times per request vary, and the laws bound the mean",
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
            var r0 = ServiceDemand.ResponseSeconds(variant.Steps, experiment.IdealRpsPerClient) ?? holdMs / 1000;
            var allows = OperationalLaws.ClientsWithinMean(sla, r0, holdMs / 1000 / grown.Value);
            return $"the pool grew from {Format.Count(binding.Units)} to {Format.Count(grown)} threads during the probe at {experiment.Model.Load(capacity.Concurrency)} "
                + $"(hill climbing and starvation injection add threads while work waits); with {Format.Count(grown)} threads the laws allow {Format.Count(allows)}";
        }

        return binding.Resource == "threads" && grown > binding.Units
            ? $"the pool grew from {Format.Count(binding.Units)} to {Format.Count(grown)} threads during the probe"
            : $"{binding.Name} served more than its units ÷ its time per request: a unit was held less than at the lightest load";
    }

    private static int Whole(double value) => (int)Math.Min(int.MaxValue, Math.Floor(value));
}
