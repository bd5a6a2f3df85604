using System.Diagnostics.Metrics;
using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>Kestrel's up-down counters (+1/-1 per connection) kept as running totals, so the sampler never waits.</summary>
internal sealed class ConnectionGauge : IGaugeSource, IDisposable
{
    private const string KestrelMeter = "Microsoft.AspNetCore.Server.Kestrel";
    private readonly MeterListener _listener = new();
    private long _open;
    private long _queued;

    public ConnectionGauge()
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == KestrelMeter && instrument.Name is "kestrel.active_connections" or "kestrel.queued_connections")
            {
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, delta, _, _) =>
        {
            if (instrument.Name == "kestrel.active_connections")
            {
                Interlocked.Add(ref _open, delta);
            }
            else
            {
                Interlocked.Add(ref _queued, delta);
            }
        });
        _listener.Start();
    }

    public void Read(IDictionary<string, double> gauges)
    {
        gauges[GaugeKeys.ConnectionsOpen] = Interlocked.Read(ref _open);
        gauges[GaugeKeys.ConnectionsQueued] = Interlocked.Read(ref _queued);
    }

    public void Dispose() => _listener.Dispose();
}
