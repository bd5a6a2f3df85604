using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Laws;

/// <summary>What one request costs a variant, read off its probes: its time with no queue, its hold time, its CPU.</summary>
public static class ServiceDemand
{
    /// <summary>Probes with fewer completions say little of a request's CPU (the sampler's own ticks dominate).</summary>
    public const int MinimumRequests = 50;

    /// <summary>R₀: the median mean response time of the runs at the lightest load, in seconds; null without one.</summary>
    public static double? ResponseSeconds(IReadOnlyList<StepResult> steps) =>
        Median(Lightest(steps).Select(s => s.MeanMs ?? s.P50Ms)) is { } ms ? ms / 1000 : null;

    /// <summary>
    /// How long a request holds what it holds, in seconds: the median time inside the app at the lightest load, where
    /// nothing queued (Server-Timing); the declared delay without it; R₀ without either.
    /// </summary>
    public static double? HoldSeconds(IReadOnlyList<StepResult> steps, double? idealRpsPerClient) =>
        Median(Lightest(steps).Select(s => s.ServerP50Ms)) is { } ms && ms > 0 ? ms / 1000
            : idealRpsPerClient is { } perClient ? 1 / perClient
            : ResponseSeconds(steps);

    /// <summary>
    /// The app's CPU seconds per completed request (the utilization law, D = U ÷ X), from the probe with the most
    /// throughput among those where the app was not at its CPUs' limit and completed enough requests; null without one.
    /// </summary>
    public static (double Seconds, StepResult Probe)? CpuSeconds(IReadOnlyList<StepResult> steps, int cores)
    {
        if (cores <= 0)
        {
            return null;
        }

        var probe = steps
            .Where(s => s.CpuPercent is > 0 && s.Requests >= MinimumRequests && s.Saturated != Saturation.App && s.DurationSeconds > 0)
            .MaxBy(s => s.Requests / s.DurationSeconds);
        return probe is null ? null
            : (OperationalLaws.Demand(probe.CpuPercent!.Value / 100 * cores * probe.DurationSeconds, probe.Requests), probe);
    }

    /// <summary>
    /// The whole machine's CPU seconds per completed request (the app, k6 and a local database together, sharing its
    /// cores), from the probe with the most throughput; null when the machine's CPU was not measured.
    /// </summary>
    public static double? MachineCpuSeconds(IReadOnlyList<StepResult> steps, int cores)
    {
        var probe = steps.Where(s => s.MachineCpuPercent is > 0 && s.Requests >= MinimumRequests && s.DurationSeconds > 0)
            .MaxBy(s => s.Requests / s.DurationSeconds);
        return probe is null || cores <= 0 ? null : OperationalLaws.Demand(probe.MachineCpuPercent!.Value / 100 * cores * probe.DurationSeconds, probe.Requests);
    }

    private static IEnumerable<StepResult> Lightest(IReadOnlyList<StepResult> steps)
    {
        var answered = steps.Where(s => s.Requests > 0).ToList();
        return answered.Count == 0 ? [] : answered.Where(s => s.Concurrency == answered.Min(a => a.Concurrency));
    }

    private static double? Median(IEnumerable<double?> values)
    {
        var known = values.OfType<double>().Order().ToList();
        return known.Count == 0 ? null
            : known.Count % 2 == 1 ? known[known.Count / 2] : (known[(known.Count / 2) - 1] + known[known.Count / 2]) / 2;
    }
}
