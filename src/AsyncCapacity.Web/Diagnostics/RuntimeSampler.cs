using System.Diagnostics;
using System.Text.Json;
using AsyncCapacity.Web.Gauges;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// Samples the runtime at a fixed interval on a dedicated thread. Not a timer and not a pool thread on purpose:
/// when blocking endpoints starve the thread pool, anything scheduled on the pool would stall exactly when the
/// figures matter most.
/// </summary>
internal sealed class RuntimeSampler(
    RuntimeTimeline timeline, RequestsInFlight inFlight, IEnumerable<IGaugeSource> gauges,
    ThreadPoolAdjustments adjustments, IOptions<DiagnosticsOptions> options)
    : IHostedService, IDisposable
{
    private readonly ManualResetEventSlim _stopping = new();
    private Thread? _thread;
    private StreamWriter? _file;
    private double _latestCpuPercent;

    /// <summary>Process CPU over the last completed interval, as a percentage of all cores.</summary>
    public double LatestCpuPercent => Volatile.Read(ref _latestCpuPercent);

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _file = OpenTimelineFile(options.Value.TimelineFile);
        _thread = new Thread(SampleUntilStopped) { IsBackground = true, Name = "AsyncCapacity runtime sampler" };
        _thread.Start();
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        _stopping.Set();
        _thread?.Join(TimeSpan.FromSeconds(2));
        return Task.CompletedTask;
    }

    /// <summary>
    /// A host disposed without being stopped never calls <see cref="StopAsync"/>: stop the thread here too, and only
    /// then release what it uses.
    /// </summary>
    public void Dispose()
    {
        _stopping.Set();
        _thread?.Join();
        _stopping.Dispose();
        _file?.Dispose();
    }

    /// <summary>Opened at start, not on the sampler thread;
    /// a path the app cannot write has stopped the start before (DiagnosticsOptions).</summary>
    private static StreamWriter? OpenTimelineFile(string? path) => string.IsNullOrEmpty(path) ? null : new StreamWriter(path, append: true);

    private void SampleUntilStopped()
    {
        var interval = TimeSpan.FromMilliseconds(options.Value.SampleIntervalMs);
        var previousCpu = Environment.CpuUsage.TotalTime;
        var previousWall = Stopwatch.GetTimestamp();

        // Wait first: a CPU share needs a whole interval behind it.
        while (!_stopping.Wait(interval))
        {
            var cpu = Environment.CpuUsage.TotalTime;
            var wall = Stopwatch.GetTimestamp();
            var elapsed = Stopwatch.GetElapsedTime(previousWall, wall);
            var cpuPercent = elapsed > TimeSpan.Zero
                ? (cpu - previousCpu) / (elapsed * Environment.ProcessorCount) * 100
                : 0;
            (previousCpu, previousWall) = (cpu, wall);

            Volatile.Write(ref _latestCpuPercent, Math.Round(cpuPercent, 1));
            var sample = RuntimeReading.Take(inFlight.Count, LatestCpuPercent, gauges, adjustments);
            timeline.Add(sample);
            if (_file is not null)
            {
                _file.WriteLine(JsonSerializer.Serialize(sample, WireJson.Options));
                _file.Flush();
            }
        }
    }
}
