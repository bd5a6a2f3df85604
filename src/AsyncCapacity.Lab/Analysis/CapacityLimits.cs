using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using MathNet.Numerics;
using MathNet.Numerics.Distributions;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Analysis;

/// <summary>Whose limit each capacity is (measured, or a bound), and beside a bound what the app alone would serve on its CPUs.
/// Read once by the sweep from its probes (after the predictions, whose binding resource it reads) and recorded in results.json.</summary>
public static class CapacityLimits
{
    /// <summary>Below this the sampler's own ticks and the runtime's idle work dominate a request's CPU.</summary>
    public const int MinimumRequests = 200;

    public static ResultsDocument Attach(ResultsDocument document) => document with
    {
        Experiments = [.. document.Experiments.Select(experiment => experiment with
        {
            Variants = [.. experiment.Variants.Select(variant => variant.Capacity is { } capacity
                ? variant with { Capacity = Attach(experiment, variant, capacity, document.Run) }
                : variant)],
        })],
    };

    private static Capacity Attach(ExperimentResult experiment, VariantResult variant, Capacity capacity, RunInfo run)
    {
        var limit = Of(variant, capacity, run);
        return capacity with
        {
            Limit = limit,
            // Kept beside a measurement too, so that the prediction can be checked against it (bench/quota.sh).
            AppAlone = AppAloneOf(experiment, variant, run),
        };
    }

    public static CapacityLimit Of(VariantResult variant, Capacity capacity, RunInfo run)
    {
        var loadGeneratorCpus = LoadGeneratorCpus(run);
        var knee = KneeSteps(variant.Steps, capacity);
        var app = knee.Select(AppPercentOfItsCpus).OfType<double>().ToList() is { Count: > 0 } apps ? apps.Median() : (double?)null;
        var loadGenerator = knee.Select(s => LoadGeneratorPercent(s, run, loadGeneratorCpus)).OfType<double>().DefaultIfEmpty().Max();
        double? k6 = knee.Any(s => s.LoadGeneratorCpuPercent is not null) ? Math.Round(loadGenerator, 1) : null;
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
    /// D as the slope of the app's busy CPUs over its throughput across the probes where it was steady (enough requests, below
    /// saturation), so that what the runtime does whatever the load (its timers, the outside reader's session) is the intercept
    /// U₀, not demand: X_max = (C − U₀) ÷ D. Its 90% interval from the slope's standard error (Student's t, n − 2 degrees of
    /// freedom). Null with fewer than three throughputs or a fit that does not hold.
    /// </summary>
    public static AppAlone? AppAloneOf(ExperimentResult experiment, VariantResult variant, RunInfo run)
    {
        var cpus = run.AppCpus;
        var processors = run.CpuIsolation?.AppCores ?? run.Cores;
        var steady = variant.Steps
            .Where(s => !s.Failed && s.Requests >= MinimumRequests && s.CpuPercent is > 0 && s.DurationSeconds > 0
                && s.Saturated != Saturation.App)
            .Select(s => (X: s.Requests / s.DurationSeconds, Busy: s.CpuPercent!.Value / 100 * processors))
            .ToList();
        if (cpus <= 0 || processors <= 0 || steady.Select(p => Math.Round(p.X)).Distinct().Count() < 3)
        {
            return null;
        }

        var (xs, ys) = (steady.Select(p => p.X).ToArray(), steady.Select(p => p.Busy).ToArray());
        var (intercept, slope) = Fit.Line(xs, ys);
        var idle = Math.Max(0, intercept);
        if (slope <= 0 || !double.IsFinite(slope) || idle >= cpus
            || GoodnessOfFit.RSquared(xs.Select(x => intercept + (slope * x)), ys) < ServiceDemand.MinimumSlopeRSquared)
        {
            return null;
        }

        var residual = Math.Sqrt(xs.Zip(ys, (x, y) => Math.Pow(y - (intercept + (slope * x)), 2)).Sum() / (xs.Length - 2));
        var spread = xs.Sum(x => Math.Pow(x - xs.Average(), 2));
        var half = StudentT.InvCDF(0, 1, xs.Length - 2, 0.95) * residual / Math.Sqrt(spread);
        var (low, high) = (Math.Max(slope - half, slope / 10), slope + half);
        var serving = cpus - idle;
        var slaSeconds = Milliseconds.ToSeconds(experiment.Sla.P95Ms);
        var r0 = ServiceDemand.ResponseSeconds(variant.Steps, experiment.IdealRpsPerClient) ?? 0;
        var (load, meanLoad) = experiment.Model.IsOpen
            ? (OperationalLaws.MaxRate(serving, slope), OperationalLaws.MaxRate(serving, slope))
            : (OperationalLaws.ClientsWithinShared(slaSeconds, r0, slope / serving),
                OperationalLaws.ClientsWithinMean(slaSeconds, r0, slope / serving));
        return new AppAlone(cpus, slope, low, high, xs.Length, serving / slope, serving / high, serving / low, load, meanLoad)
        {
            IdleCpus = Math.Round(idle, 3),
        };
    }

    /// <summary>The probes that decided the knee (its interval's, or its bracket's), or the bound's own.</summary>
    private static List<StepResult> KneeSteps(IReadOnlyList<StepResult> steps, Capacity capacity)
    {
        var deciding = steps.Where(s => !s.Failed && CapacityAnalysis.Decides(s, capacity)).ToList();
        return deciding.Count > 0 ? deciding
            : [.. steps.Where(s => !s.Failed
                && (s.Concurrency == capacity.Concurrency || s.Concurrency == capacity.LoadGeneratorMissedAt))];
    }

    /// <summary>Of what it may use: its quota where it had one, else the cores .NET counted (its CPU set's or the machine's).</summary>
    private static double? AppPercentOfItsCpus(StepResult step) => step.CpuOfQuotaPercent ?? step.CpuPercent;

    /// <summary>k6's CPU as a share of the CPUs it had: its CPU set, the machine less the app's quota, or the machine.</summary>
    private static double? LoadGeneratorPercent(StepResult step, RunInfo run, double loadGeneratorCpus) =>
        step.LoadGeneratorCpuPercent is { } ofMachine && loadGeneratorCpus > 0
            ? ofMachine * MachineCores(run) / loadGeneratorCpus
            : null;

    public static double LoadGeneratorCpus(RunInfo run) =>
        run.CpuIsolation?.LoadGeneratorCores ?? (run.CpuQuota is { } quota ? quota.MachineCores - quota.Cpus : run.Cores);

    private static int MachineCores(RunInfo run) => run.CpuIsolation?.MachineCores ?? run.CpuQuota?.MachineCores ?? run.Cores;
}
