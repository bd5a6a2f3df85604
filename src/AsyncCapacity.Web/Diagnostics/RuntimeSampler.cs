using System.Diagnostics;
using System.Text.Json;
using AsyncCapacity.Web.Gauges;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Diagnostics;

/// <summary>
/// A dedicated thread, not a timer or a pool thread: when blocking endpoints starve the pool, anything scheduled on it
/// would stall exactly when the figures matter most.
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

    /// <summary>A host disposed without being stopped never calls <see cref="StopAsync"/>: stop the thread here too.</summary>
    public void Dispose()
    {
        _stopping.Set();
        _thread?.Join();
        _stopping.Dispose();
        _file?.Dispose();
    }

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
