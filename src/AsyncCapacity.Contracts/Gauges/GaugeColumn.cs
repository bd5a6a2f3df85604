namespace AsyncCapacity.Contracts.Gauges;

public sealed record GaugeColumn(
    string Id, string Header, string Tooltip, GaugeFormat Format, GaugeStatistic Statistic, string Key, string? CountKey = null);
