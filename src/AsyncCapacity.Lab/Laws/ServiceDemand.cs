using AsyncCapacity.Lab.Results;
using MathNet.Numerics;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Lab.Laws;

/// <summary>What one request costs a variant, read off its probes: its time with no queue, its hold time, its CPU.</summary>
public static class ServiceDemand
{
    /// <summary>Probes with fewer completions say little of a request's CPU (the sampler's own ticks dominate).</summary>
    public const int MinimumRequests = 50;

    /// <summary>
    /// R₀, a request with no queue: the lightest load's median mean response when most of its runs met the SLA; where it
    /// had queued already (C10k starts at 1,000 clients), the time inside the app (Server-Timing) or the declared delay.
    /// </summary>
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

    /// <summary>How long a request holds what it holds: the lightest load's median time inside the app (Server-Timing,
    /// which leaves out the wait for a thread); else the declared delay; else R₀.</summary>
    public static double? HoldSeconds(IReadOnlyList<StepResult> steps, double? idealRpsPerClient) =>
        Median(Lightest(steps).Select(s => s.ServerP50Ms)) is { } ms && ms > 0 ? Milliseconds.ToSeconds(ms)
            : idealRpsPerClient is { } perClient ? 1 / perClient
            : ResponseSeconds(steps);

    /// <summary>The app's CPU seconds per request, from probes where it was below its CPUs' limit (<see cref="Demand"/>).</summary>
    public static (double Seconds, StepResult Probe)? CpuSeconds(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null
            : Demand(steps
                .Where(s => s.CpuPercent is > 0 && s.Requests >= MinimumRequests && s.Saturated != Saturation.App && s.DurationSeconds > 0)
                .Select(s => (s, s.CpuPercent!.Value / 100 * cores)).ToList());

    /// <summary>The machine's CPU seconds per request: the app, k6 and a local database together, sharing its cores.</summary>
    public static double? MachineCpuSeconds(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null
            : Demand(steps
                .Where(s => s.MachineCpuPercent is > 0 && s.Requests >= MinimumRequests && s.DurationSeconds > 0)
                .Select(s => (s, s.MachineCpuPercent!.Value / 100 * cores)).ToList())?.Seconds;

    /// <summary>
    /// The R² throughput must explain before the slope stands for the demand: where k6 held throughput flat (content,
    /// websocket async), a slope came out at a fifth of U ÷ X, or negative.
    /// </summary>
    public const double MinimumSlopeRSquared = 0.5;

    /// <summary>
    /// The slope of busy cores over throughput, so that what runs whatever the load (the sampler, k6's loop) is no demand;
    /// with under three throughputs or a slope that is not positive or does not fit, U ÷ X at the busiest probe.
    /// </summary>
    private static (double Seconds, StepResult Probe)? Demand(List<(StepResult Step, double BusyCores)> probes)
    {
        if (probes.Count == 0)
        {
            return null;
        }

        var busiest = probes.MaxBy(p => p.Step.Requests / p.Step.DurationSeconds);
        var points = probes.Select(p => (X: p.Step.Requests / p.Step.DurationSeconds, Y: p.BusyCores)).ToList();
        if (points.Select(p => p.X).Distinct().Count() >= 3)
        {
            var (xs, ys) = (points.Select(p => p.X).ToArray(), points.Select(p => p.Y).ToArray());
            var (intercept, slope) = Fit.Line(xs, ys);
            if (slope > 0 && double.IsFinite(slope)
                && GoodnessOfFit.RSquared(xs.Select(x => intercept + (slope * x)), ys) >= MinimumSlopeRSquared)
            {
                return (slope, busiest.Step);
            }
        }

        return (OperationalLaws.Demand(busiest.BusyCores * busiest.Step.DurationSeconds, busiest.Step.Requests), busiest.Step);
    }

    private static IEnumerable<StepResult> Lightest(IReadOnlyList<StepResult> steps)
    {
        var answered = steps.Where(s => s.Requests > 0).ToList();
        return answered.Count == 0 ? [] : answered.Where(s => s.Concurrency == answered.Min(a => a.Concurrency));
    }

    private static double? Median(IEnumerable<double?> values) =>
        values.OfType<double>().ToList() is { Count: > 0 } known ? known.Median() : null;
}
