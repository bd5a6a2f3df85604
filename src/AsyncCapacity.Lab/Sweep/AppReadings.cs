using AsyncCapacity.Lab.Analysis;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>What the probes so far have read of the app: its description, merged probe by probe, and whether any read it
/// from outside (EventPipe).</summary>
public sealed class AppReadings
{
    private readonly List<(RuntimeReport? App, bool FromOutside)> _readings = [];

    public RuntimeReport? App => _readings.Aggregate((RuntimeReport?)null, (known, r) => RunDescription.Merge(known, r.App));

    public bool AnyFromOutside => _readings.Any(r => r.FromOutside);

    public void Add(RuntimeReport? app, bool fromOutside) => _readings.Add((app, fromOutside));
}
