using AsyncCapacity.Report.Results;
using MathNet.Numerics;
using MathNet.Numerics.Statistics;

namespace AsyncCapacity.Report.Laws;

/// <summary>What one request costs a variant, read off its probes: its time with no queue, its hold time, its CPU.</summary>
public static class ServiceDemand
{
    /// <summary>Probes with fewer completions say little of a request's CPU (the sampler's own ticks dominate).</summary>
    public const int MinimumRequests = 50;

    /// <summary>
    /// R₀: what a request costs with no queue, in seconds: the median mean response time of the runs at the lightest
    /// load, when that load met the SLA by most of its runs. A lightest load that missed (C10k starts at 1,000 clients)
    /// had queued already: then the time inside the app there (Server-Timing, which starts once a thread runs the
    /// request), or the declared delay. Null without any.
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

    /// <summary>
    /// How long a request holds what it holds, in seconds: the median time inside the app at the lightest load
    /// (Server-Timing, which leaves out the wait for a thread); the declared delay without it; R₀ without either.
    /// </summary>
    public static double? HoldSeconds(IReadOnlyList<StepResult> steps, double? idealRpsPerClient) =>
        Median(Lightest(steps).Select(s => s.ServerP50Ms)) is { } ms && ms > 0 ? Milliseconds.ToSeconds(ms)
            : idealRpsPerClient is { } perClient ? 1 / perClient
            : ResponseSeconds(steps);

    /// <summary>
    /// The app's CPU seconds per completed request, from the probes where the app was not at its CPUs' limit and completed
    /// enough requests; null without one. <see cref="Demand"/> says how.
    /// </summary>
    public static (double Seconds, StepResult Probe)? CpuSeconds(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null
            : Demand(steps
                .Where(s => s.CpuPercent is > 0 && s.Requests >= MinimumRequests && s.Saturated != Saturation.App && s.DurationSeconds > 0)
                .Select(s => (s, s.CpuPercent!.Value / 100 * cores)).ToList());

    /// <summary>
    /// The whole machine's CPU seconds per completed request (the app, k6 and a local database together, sharing its
    /// cores); null when the machine's CPU was not measured.
    /// </summary>
    public static double? MachineCpuSeconds(IReadOnlyList<StepResult> steps, int cores) =>
        cores <= 0 ? null
            : Demand(steps.Where(s => s.MachineCpuPercent is > 0 && s.Requests >= MinimumRequests && s.DurationSeconds > 0)
                .Select(s => (s, s.MachineCpuPercent!.Value / 100 * cores)).ToList())?.Seconds;

    /// <summary>
    /// The share of the busy cores' variation that throughput must explain (R²) before the slope stands for the demand.
    /// Below it the CPU per request changed with the load rather than the throughput: where k6 held throughput flat while
    /// its connections grew (content, websocket async), a slope read there came out at a fifth of U ÷ X, or negative.
    /// </summary>
    public const double MinimumSlopeRSquared = 0.5;

    /// <summary>
    /// CPU seconds per request from probes of (cores busy, requests per second): the slope of busy cores over throughput,
    /// fitted by least squares, so that what the CPU does whatever the load (the sampler, k6's own loop, the database's
    /// housekeeping) does not count as the requests' demand; with fewer than three throughputs, a slope that is not
    /// positive, or probes that do not lie along it (<see cref="MinimumSlopeRSquared"/>), the utilization law at the
    /// busiest probe (U ÷ X), which counts it.
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
