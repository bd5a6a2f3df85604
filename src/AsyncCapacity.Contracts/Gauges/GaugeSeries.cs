namespace AsyncCapacity.Contracts.Gauges;

/// <summary>A <c>Total</c> only grows: it is drawn as its rise per second, and a fresh app process restarting it breaks the line.</summary>
public sealed record GaugeSeries(string Key, string Label, GaugeAxis Axis, string Color, bool Total = false, bool Reference = false);
