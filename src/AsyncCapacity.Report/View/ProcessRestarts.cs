namespace AsyncCapacity.Report.View;

/// <summary>A timeline joins fresh processes: a long gap or a count that went down breaks lines and rates there.</summary>
internal static class ProcessRestarts
{
    public const long MaxGapMs = 2_500;

    /// <param name="totalKeys">Gauges that are running totals: a fresh process restarts them at 0.</param>
    public static bool Between(RuntimeSample previous, RuntimeSample sample, IEnumerable<string> totalKeys) =>
        sample.TimestampMs - previous.TimestampMs > MaxGapMs
        || sample.CompletedWorkItems < previous.CompletedWorkItems
        || totalKeys.Any(key => sample.Gauge(key) < previous.Gauge(key));

    /// <summary>Null at the first sample, after a restart and where the total is unknown.</summary>
    public static IReadOnlyList<double?> Rates(IReadOnlyList<RuntimeSample> samples, string key, IReadOnlyList<string> totalKeys) =>
        [.. samples.Select((sample, i) =>
        {
            if (i == 0 || Between(samples[i - 1], sample, totalKeys))
            {
                return null;
            }

            var seconds = (sample.TimestampMs - samples[i - 1].TimestampMs) / 1000.0;
            return sample.Gauge(key) - samples[i - 1].Gauge(key) is { } rise && seconds > 0
                ? Math.Max(0, rise) / seconds
                : (double?)null;
        })];
}
