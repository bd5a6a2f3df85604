namespace AsyncCapacity.Contracts.Gauges;

public enum GaugeAxis
{
    Held,
    Waiting,
    Rate,
}
