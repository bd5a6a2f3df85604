using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using MathNet.Numerics.Distributions;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>Whose limit each capacity is (measured, or a bound), and beside a bound what the app alone would serve on its CPUs.
/// Read once by the sweep from its probes (after the predictions, whose binding resource it reads) and recorded in results.json.</summary>
public static class CapacityLimits
{
    public static ResultsDocument Attach(ResultsDocument document)
    {
        var resources = RunResources.Of(document.Run);
        return document with
        {
            Experiments = [.. document.Experiments.Select(experiment => experiment with
            {
                Variants = [.. experiment.Variants.Select(variant => variant.Capacity is { } capacity
                    ? variant with
                    {
                        Capacity = capacity with
                        {
                            Limit = Of(variant, capacity, document.Run),
                            // Kept beside a measurement too, so that the prediction can be checked against it (bench/quota.sh).
                            AppAlone = AppAloneOf(experiment, variant, resources),
                        },
                    }
                    : variant)],
            })],
        };
    }

    public static CapacityLimit Of(VariantResult variant, Capacity capacity, RunInfo run)
    {
        var loadGeneratorCpus = LoadGeneratorCpus(run);
        var knee = KneeHorizon.RestsOn(variant.Steps, capacity);
        // Of what it may use: its quota where it had one, else the cores .NET counted (its CPU set's or the machine's).
        var app = knee.Select(s => s.CpuOfQuotaPercent ?? s.CpuPercent).OfType<double>().ToList() is { Count: > 0 } apps
            ? apps.Median() : (double?)null;
        // Split over runners, the busiest runner's share of its own CPUs: one runner at its limit bounds the probe as one k6 does.
        var k6 = knee
            .Select(s => StepAnalysis.BusiestRunnerPercent(s.Runners) ?? s.LoadGeneratorCpuPercent * MachineCores(run) / loadGeneratorCpus)
            .OfType<double>().ToList() is { Count: > 0 } busy ? Math.Round(busy.Max(), 1) : (double?)null;
        var resource = variant.Prediction is { Binding: { IsCpu: false } binding, Outcome: not PredictionOutcome.Below }
            ? binding.Resource
            : null;
        var side = capacity.AtLeastBecause switch
        {
            StoppedBy.LoadGenerator => LimitSide.LoadGenerator,
            not null => LimitSide.Search,
            null when k6 >= CapacityLimit.LoadGeneratorBusyPercent => LimitSide.LoadGenerator,
            null when app >= CapacityLimit.AppBusyPercent || resource is not null => LimitSide.App,
            // Sharing the machine, k6 took the cores the app would have used.
            null when knee.Any(s => s.Saturated == Saturation.LoadGenerator) => LimitSide.LoadGenerator,
            null => LimitSide.Unknown,
        };
        return new CapacityLimit(
            side, app is { } a ? Math.Round(a, 1) : null, k6, loadGeneratorCpus, side == LimitSide.App ? resource : null);
    }

    /// <summary>
    /// X_max = (C − idle) ÷ D, from the app's CPU line below saturation (<see cref="ServiceDemand.CpuLineOf"/>) at the fixed rates of
    /// --demand where it ran, else over the search's probes: the runtime's
    /// work whatever the load (its timers, the outside reader's session) is its intercept, not demand. D's 90% interval from
    /// the slope's standard error (Student's t, n − 2 degrees of freedom); the clients by the laws' CPU bounds.
    /// </summary>
    public static AppAlone? AppAloneOf(ExperimentResult experiment, VariantResult variant, RunResources resources)
    {
        var cpus = resources.Cpus;
        // Fixed rates below saturation (--demand) where they gave a line; else the search's probes below saturation.
        var rated = variant.DemandSteps is { Count: > 0 } demand ? ServiceDemand.CpuLineOf(demand, resources.AppCores) : null;
        if ((rated ?? ServiceDemand.CpuLineOf(variant.Steps, resources.AppCores)) is not { } line || line.Serving(cpus) is not { } serving)
        {
            return null;
        }

        var d = line.Seconds;
        var half = StudentT.InvCDF(0, 1, line.Probes - 2, 0.95) * line.StandardError;
        var (low, high) = (Math.Max(d - half, d / 10), d + half);
        var slaSeconds = Milliseconds.ToSeconds(experiment.Sla.P95Ms);
        var r0 = ServiceDemand.ResponseSeconds(variant.Steps, experiment.IdealRpsPerClient) ?? 0;
        var (load, meanLoad) = experiment.Model.IsOpen
            ? (OperationalLaws.MaxRate(serving, d), OperationalLaws.MaxRate(serving, d))
            : (OperationalLaws.ClientsWithinShared(slaSeconds, r0, d / serving),
                OperationalLaws.ClientsWithinMean(slaSeconds, r0, d / serving));
        return new AppAlone(cpus, d, low, high, line.Probes, serving / d, serving / high, serving / low, load, meanLoad)
        {
            IdleCpus = Math.Round(line.IdleCores, 3),
            Rates = rated is null ? null : [.. variant.DemandSteps!.Select(s => Math.Round(s.Requests / s.DurationSeconds, 1))],
        };
    }

    /// <summary>The CPUs k6 had: its CPU set, the machine less the app's quota, or the machine.</summary>
    public static double LoadGeneratorCpus(RunInfo run) =>
        run.CpuIsolation?.LoadGeneratorCores ?? (run.CpuQuota is { } quota ? quota.MachineCores - quota.Cpus : run.Cores);

    /// <summary>k6's CPU percentages are of the whole machine.</summary>
    private static int MachineCores(RunInfo run) => run.CpuIsolation?.MachineCores ?? run.CpuQuota?.MachineCores ?? run.Cores;
}
