namespace AsyncCapacity.Report.View;

/// <summary>A level is drawn as sampled; a running total (<see cref="TotalKey"/>) as its rise per second.</summary>
internal sealed record TimelineSeries(
    string Label, GaugeAxis Axis, string Color, Func<RuntimeSample, double?> Level, string? TotalKey = null, bool Reference = false)
{
    public bool IsRate => TotalKey is not null;

    /// <summary>The area under the pool's threads and under a rate is filled: what the eye should weigh.</summary>
    public bool Filled { get; init; } = TotalKey is not null;

    /// <summary>In legend order: what is held (left axis), what waits (right), rates (outer right), then reference lines.</summary>
    public static IReadOnlyList<TimelineSeries> For(IEnumerable<Gauge> gauges, string variantColor)
    {
        IEnumerable<TimelineSeries> threadPool =
        [
            new("pool threads", GaugeAxis.Held, variantColor, s => s.ThreadCount) { Filled = true },
            new("queued work items", GaugeAxis.Waiting, ChartColors.Queue, s => s.PendingWorkItems),
        ];
        var gaugeSeries = gauges.SelectMany(g => g.Series).Select(s =>
            new TimelineSeries(s.Label, s.Axis, s.Color, sample => sample.Gauge(s.Key), s.Total ? s.Key : null, s.Reference));
        return [.. threadPool.Concat(gaugeSeries).OrderBy(s => s.Reference).ThenBy(s => s.Axis)];
    }
}
