namespace AsyncCapacity.Contracts.Gauges;

/// <summary>A <c>Total</c> is an ObservableCounter, read as its value, not its rate; the rest are levels (ObservableGauge).</summary>
public sealed record AppInstrument(string Key, string Name, string Unit, bool Total, string Description);
