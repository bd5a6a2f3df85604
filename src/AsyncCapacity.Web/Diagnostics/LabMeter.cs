using System.Diagnostics;
using System.Diagnostics.Metrics;
using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>A hosted service only so that it is made at start, before the app listens.</summary>
internal sealed class LabMeter : IHostedService, IDisposable
{
    private static readonly TimeSpan ReadingLifetime = TimeSpan.FromMilliseconds(200);
    private readonly Meter _meter;
    private readonly IGaugeSource[] _sources;
    private readonly Lock _lock = new();
    private Dictionary<string, double> _reading = [];
    private long _readAt;

    public LabMeter(IMeterFactory meters, IEnumerable<IGaugeSource> sources, RequestsInFlight inFlight, ThreadPoolAdjustments adjustments)
    {
        _sources = [.. sources];
        _meter = meters.Create(AppMeter.Name);
        foreach (var gauge in AppMeter.Gauges)
        {
            if (gauge.Total)
            {
                _meter.CreateObservableCounter(gauge.Name, () => Measure(gauge.Key), gauge.Unit, gauge.Description);
            }
            else
            {
                _meter.CreateObservableGauge(gauge.Name, () => Measure(gauge.Key), gauge.Unit, gauge.Description);
            }
        }

        _meter.CreateObservableUpDownCounter(
            AppMeter.RequestsInFlight, () => inFlight.Count, "{request}", "Requests the pipeline is serving");
        _meter.CreateObservableGauge(AppMeter.ThreadCount, () => ThreadPool.ThreadCount, "{thread}", "Thread-pool threads");
        _meter.CreateObservableGauge(AppMeter.QueueLength, () => ThreadPool.PendingWorkItemCount, "{work_item}", "Work items queued");
        _meter.CreateObservableCounter(AppMeter.Adjustments, () => ByReason(adjustments, t => t.Count), "{change}",
            "The thread pool's changes to its thread-count goal, by reason");
        _meter.CreateObservableCounter(AppMeter.ThreadsInjected, () => ByReason(adjustments, t => t.ThreadsAdded), "{thread}",
            "Threads the pool's changes added to its goal, by reason");
    }

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public void Dispose() => _meter.Dispose();

    private static IEnumerable<Measurement<long>> ByReason(ThreadPoolAdjustments adjustments, Func<PoolAdjustmentTotals, long> figure) =>
        adjustments.Totals().Select(pair =>
            new Measurement<long>(figure(pair.Value), new KeyValuePair<string, object?>(AppMeter.ReasonTag, pair.Key)));

    /// <summary>No measurement where no source wrote the key (no database: no pool).</summary>
    private IEnumerable<Measurement<double>> Measure(string key) =>
        Reading().TryGetValue(key, out var value) ? [new Measurement<double>(value)] : [];

    /// <summary>One pass over the sources serves every instrument of a collection, read one after another.</summary>
    private Dictionary<string, double> Reading()
    {
        lock (_lock)
        {
            if (_readAt == 0 || Stopwatch.GetElapsedTime(_readAt) > ReadingLifetime)
            {
                var reading = new Dictionary<string, double>();
                foreach (var source in _sources)
                {
                    source.Read(reading);
                }

                (_reading, _readAt) = (reading, Stopwatch.GetTimestamp());
            }

            return _reading;
        }
    }
}
