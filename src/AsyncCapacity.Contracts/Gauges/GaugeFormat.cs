namespace AsyncCapacity.Contracts.Gauges;

public enum GaugeFormat
{
    Count,
    Duration,
}
