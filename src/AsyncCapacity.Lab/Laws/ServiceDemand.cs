using AsyncCapacity.Lab.Results;
using MathNet.Numerics;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Laws;

public static class ServiceDemand
{
    /// <summary>Below this the sampler's own ticks dominate a request's CPU.</summary>
    public const int MinimumRequests = 50;

    /// <summary>R₀: where the lightest load had queued already (C10k starts at 1,000), the time inside the app or the delay.</summary>
    public static double? ResponseSeconds(IReadOnlyList<StepResult> steps, double? idealRpsPerClient = null)
    {
        var lightest = Lightest(steps).ToList();
        if (lightest.Count(s => s.MeetsSla) * 2 > lightest.Count && Median(lightest.Select(s => s.MeanMs ?? s.P50Ms)) is { } ms)
        {
            return Milliseconds.ToSeconds(ms);
        }

        return Median(lightest.Select(s => s.ServerP50Ms)) is { } server && server > 0 ? Milliseconds.ToSeconds(server)
            : idealRpsPerClient is { } perClient ? 1 / perClient
            : Median(lightest.Select(s => s.MeanMs ?? s.P50Ms)) is { } mean ? Milliseconds.ToSeconds(mean) : null;
    }

    /// <summary>Server-Timing leaves out the wait for a thread, which is not held.</summary>
    public static double? HoldSeconds(IReadOnlyList<StepResult> steps, double? idealRpsPerClient) =>
        Median(Lightest(steps).Select(s => s.ServerP50Ms)) is { } ms && ms > 0 ? Milliseconds.ToSeconds(ms)
            : idealRpsPerClient is { } perClient ? 1 / perClient
            : ResponseSeconds(steps);

    public static (double Seconds, StepResult Probe)? CpuSeconds(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null
            : Demand(AppProbes(steps, cores));

    public static double? MachineCpuSeconds(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null
            : Demand(steps
                .Where(s => s.MachineCpuPercent is > 0 && s.Requests >= MinimumRequests && s.DurationSeconds > 0)
                .Select(s => (s, s.MachineCpuPercent!.Value / 100 * cores)).ToList())?.Seconds;

    /// <summary>Where k6 held throughput flat (content, websocket async), a slope came out at a fifth of U ÷ X, or negative.</summary>
    public const double MinimumSlopeRSquared = 0.5;

    /// <summary>The app's busy cores over its throughput, across its probes below saturation (CPU percentages are of the
    /// <paramref name="cores"/> .NET counted); null with fewer than three throughputs or a line that does not hold.</summary>
    public static CpuLine? CpuLineOf(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null : Line(AppProbes(steps, cores));

    private static List<(StepResult Step, double BusyCores)> AppProbes(IReadOnlyList<StepResult> steps, int cores) =>
        [.. steps.Where(s => s.CpuPercent is > 0 && s.Requests >= MinimumRequests && s.Saturated != Saturation.App && s.DurationSeconds > 0)
            .Select(s => (s, s.CpuPercent!.Value / 100 * cores))];

    /// <summary>A slope of busy cores over throughput, so that what runs whatever the load (the sampler, k6's loop) is no demand.</summary>
    private static (double Seconds, StepResult Probe)? Demand(List<(StepResult Step, double BusyCores)> probes)
    {
        if (probes.Count == 0)
        {
            return null;
        }

        var busiest = probes.MaxBy(p => p.Step.Requests / p.Step.DurationSeconds);
        return Line(probes) is { } line
            ? (line.Seconds, busiest.Step)
            : (OperationalLaws.Demand(busiest.BusyCores * busiest.Step.DurationSeconds, busiest.Step.Requests), busiest.Step);
    }

    private static CpuLine? Line(List<(StepResult Step, double BusyCores)> probes)
    {
        var (xs, ys) = (probes.Select(p => p.Step.Requests / p.Step.DurationSeconds).ToArray(), probes.Select(p => p.BusyCores).ToArray());
        if (xs.Distinct().Count() < 3)
        {
            return null;
        }

        var (intercept, slope) = Fit.Line(xs, ys);
        if (slope <= 0 || !double.IsFinite(slope)
            || GoodnessOfFit.RSquared(xs.Select(x => intercept + (slope * x)), ys) < MinimumSlopeRSquared)
        {
            return null;
        }

        // The slope's standard error: √(SSE ÷ (n − 2)) ÷ √Σ(x − x̄)².
        var residual = Math.Sqrt(xs.Zip(ys, (x, y) => Math.Pow(y - (intercept + (slope * x)), 2)).Sum() / (xs.Length - 2));
        var mean = xs.Average();
        return new CpuLine(slope, Math.Max(0, intercept), residual / Math.Sqrt(xs.Sum(x => Math.Pow(x - mean, 2))), xs.Length);
    }

    private static IEnumerable<StepResult> Lightest(IReadOnlyList<StepResult> steps)
    {
        var answered = steps.Where(s => s.Requests > 0).ToList();
        return answered.Count == 0 ? [] : answered.Where(s => s.Concurrency == answered.Min(a => a.Concurrency));
    }

    private static double? Median(IEnumerable<double?> values) =>
        values.OfType<double>().ToList() is { Count: > 0 } known ? known.Median() : null;
}

/// <summary>Busy cores = <see cref="IdleCores"/> + <see cref="Seconds"/> × throughput: D per request, and what the app spends
/// whatever the load (its timers, an outside reader's session); <see cref="StandardError"/> is D's, over <see cref="Probes"/>.</summary>
public sealed record CpuLine(double Seconds, double IdleCores, double StandardError, int Probes)
{
    /// <summary>The CPUs left for requests on <paramref name="cpus"/>: null where the idle work alone would fill them.</summary>
    public double? Serving(double cpus) => IdleCores < cpus ? cpus - IdleCores : null;

    /// <summary>X_max = (C − idle) ÷ D, the utilization law on the CPUs left for requests.</summary>
    public double? MaxRps(double cpus) => Serving(cpus) / Seconds;
}
