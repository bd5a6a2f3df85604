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
