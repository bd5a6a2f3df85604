namespace AsyncCapacity.Contracts.Gauges;

/// <summary>What the report plots for the experiments that list it (experiments/*.json "gauges").</summary>
public sealed record Gauge(
    string Id,
    string Name,
    string Definition,
    IReadOnlyList<GaugeSeries> Series,
    IReadOnlyList<GaugeColumn> Columns,
    string? ErrorsAre = null,
    bool ComparesServerTime = false);

/// <summary>A <c>Total</c> only grows: it is drawn as its rise per second, and a fresh app process restarting it breaks the line.</summary>
public sealed record GaugeSeries(string Key, string Label, GaugeAxis Axis, string Color, bool Total = false, bool Reference = false);

public enum GaugeAxis
{
    Held,
    Waiting,
    Rate,
}

public sealed record GaugeColumn(
    string Id, string Header, string Tooltip, GaugeFormat Format, GaugeStatistic Statistic, string Key, string? CountKey = null);

public enum GaugeFormat
{
    Count,
    Duration,
}

public enum GaugeStatistic
{
    Max,

    /// <summary>The rise of the total <c>Key</c> ÷ the rise of the total <c>CountKey</c> over the window: a mean per event.</summary>
    MeanPerCount,
}
