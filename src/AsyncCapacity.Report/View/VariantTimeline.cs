using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.View;

/// <summary>A point of no value between two processes keeps a line from being drawn across a restart.</summary>
internal sealed record VariantTimeline(
    IReadOnlyList<TimelineSeries> Series, IReadOnlyList<IReadOnlyList<(double X, double? Y)>> Points, long StartMs)
{
    public double LastSecond => Points.Count == 0 || Points[0].Count == 0 ? 0 : Points[0][^1].X;

    public static VariantTimeline Of(VariantResult variant, IReadOnlyList<TimelineSeries> series)
    {
        var samples = variant.Timeline;
        var start = samples.Count == 0 ? 0 : samples[0].TimestampMs;
        var totalKeys = series.Select(s => s.TotalKey).OfType<string>().ToList();
        var rates = series.Select(s => s.TotalKey is { } key ? ProcessRestarts.Rates(samples, key, totalKeys) : null).ToList();
        var points = series.Select(_ => new List<(double X, double? Y)>()).ToList();
        for (var i = 0; i < samples.Count; i++)
        {
            var x = (samples[i].TimestampMs - start) / 1000.0;
            var restart = i > 0 && ProcessRestarts.Between(samples[i - 1], samples[i], totalKeys);
            for (var s = 0; s < series.Count; s++)
            {
                if (restart)
                {
                    points[s].Add(((x + points[s][^1].X) / 2, null));
                }

                points[s].Add((x, rates[s] is { } rate ? rate[i] : series[s].Level(samples[i])));
            }
        }

        return new VariantTimeline(series, points, start);
    }

    /// <summary>A reference line counts with room above it, so that it does not sit on the edge.</summary>
    public double Max(GaugeAxis axis) => Series
        .Select((series, s) => (series, values: Points[s].Select(p => p.Y ?? 0)))
        .Where(x => x.series.Axis == axis)
        .SelectMany(x => x.values.Select(v => x.series.Reference ? v * 1.15 : v))
        .DefaultIfEmpty(0)
        .Max();
}
