namespace AsyncCapacity.Contracts.Gauges;

/// <summary>
/// Something the report plots for the experiments that list it (experiments/*.json "gauges"): time series the app
/// samples beside the thread pool, step-table columns made from them, and the words that explain them.
/// </summary>
/// <param name="Name">What the timelines add to "Thread pool …": "connection pool".</param>
/// <param name="Definition">The "How to read" entry: what the series and columns mean.</param>
/// <param name="ErrorsAre">What a failed request is in such an experiment, said under its step tables; null when nothing special.</param>
/// <param name="ComparesServerTime">Adds the chart of client p50 vs server p50 (Server-Timing) by clients.</param>
public sealed record Gauge(
    string Id,
    string Name,
    string Definition,
    IReadOnlyList<GaugeSeries> Series,
    IReadOnlyList<GaugeColumn> Columns,
    string? ErrorsAre = null,
    bool ComparesServerTime = false);

/// <summary>Where a series is drawn on a timeline: what is held (left, solid), what waits (right, dashed), rates (outer right).</summary>
public enum GaugeAxis
{
    Held,
    Waiting,
    Rate,
}

/// <summary>
/// One value of a runtime sample's gauges drawn over time. A <c>Total</c> only grows (refusals so far):
/// it is drawn as its rise per second, and a fresh app process restarting it breaks the line. A <c>Reference</c> is a
/// limit (the pool's size), drawn as a long-dashed line without tooltips.
/// </summary>
public sealed record GaugeSeries(string Key, string Label, GaugeAxis Axis, string Color, bool Total = false, bool Reference = false);

public enum GaugeFormat
{
    Count,
    Duration,
}

public enum GaugeStatistic
{
    /// <summary>The highest value of <c>Key</c> in the step's measured window.</summary>
    Max,

    /// <summary>The rise of the total <c>Key</c> ÷ the rise of the total <c>CountKey</c> over the window: a mean per event.</summary>
    MeanPerCount,
}

/// <summary>A column of the step tables: one figure per step, from the samples of its measured window.</summary>
public sealed record GaugeColumn(
    string Id, string Header, string Tooltip, GaugeFormat Format, GaugeStatistic Statistic, string Key, string? CountKey = null);
