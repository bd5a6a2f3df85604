using AsyncCapacity.Contracts.Gauges;

namespace AsyncCapacity.Cli.Observe;

/// <summary>Instrument names as in https://learn.microsoft.com/dotnet/core/diagnostics/built-in-metrics-runtime and
/// built-in-metrics-aspnetcore; a figure with several tag sets (CPU by mode, heap by generation) is summed.</summary>
internal sealed class RuntimeSampleBuilder
{
    public const string RuntimeMeter = "System.Runtime";
    public const string HostingMeter = "Microsoft.AspNetCore.Hosting";
    public const string KestrelMeter = "Microsoft.AspNetCore.Server.Kestrel";

    public static IReadOnlyList<string> Meters { get; } = [RuntimeMeter, KestrelMeter, HostingMeter, AppMeter.Name];

    private readonly Dictionary<(string Meter, string Instrument, string Tags), double> _values = [];
    private (long Ms, double CpuSeconds)? _previousCpu;

    public int? Cores { get; private set; }

    public void Add(MeterValue value) => _values[(value.Meter, value.Instrument, value.Tags)] = value.Value;

    /// <summary>Null for the first collection: a share of the CPU needs a whole interval behind it.</summary>
    public RuntimeSample? End(long timestampMs, IReadOnlyDictionary<string, PoolAdjustmentTotals> adjustments)
    {
        if (Sum(RuntimeMeter, "dotnet.process.cpu.time") is not { } cpuSeconds)
        {
            return null;
        }

        var previous = _previousCpu;
        _previousCpu = (timestampMs, cpuSeconds);
        if (previous is not { } before || timestampMs <= before.Ms)
        {
            return null;
        }

        Cores = Sum(RuntimeMeter, "dotnet.process.cpu.count") is { } count and > 0 ? (int)count : null;
        var cores = Cores ?? Environment.ProcessorCount;
        var cpuPercent = (cpuSeconds - before.CpuSeconds) / ((timestampMs - before.Ms) / 1000.0 * cores) * 100;
        return new RuntimeSample(
            TimestampMs: timestampMs,
            ThreadCount: (int)(Sum(RuntimeMeter, "dotnet.thread_pool.thread.count") ?? Sum(AppMeter.Name, AppMeter.ThreadCount) ?? 0),
            PendingWorkItems: (long)(Sum(RuntimeMeter, "dotnet.thread_pool.queue.length") ?? Sum(AppMeter.Name, AppMeter.QueueLength) ?? 0),
            CompletedWorkItems: (long)(Sum(RuntimeMeter, "dotnet.thread_pool.work_item.count") ?? 0),
            RequestsInFlight: (int)Math.Max(0,
                Sum(AppMeter.Name, AppMeter.RequestsInFlight) ?? Sum(HostingMeter, "http.server.active_requests") ?? 0),
            CpuPercent: Math.Round(Math.Max(0, cpuPercent), 1),
            WorkingSetBytes: (long)(Sum(RuntimeMeter, "dotnet.process.memory.working_set") ?? 0),
            GcHeapBytes: (long)(Sum(RuntimeMeter, "dotnet.gc.last_collection.heap.size") ?? 0),
            Gauges: Gauges(),
            Adjustments: adjustments,
            LockContentions: (long?)Sum(RuntimeMeter, "dotnet.monitor.lock_contentions"),
            GcPauseMs: Sum(RuntimeMeter, "dotnet.gc.pause.time") is { } pause ? Math.Round(pause * 1000, 3) : null);
    }

    /// <summary>Kestrel's up-down counters start at the session's start, so a connection opened before it reads as one fewer.</summary>
    private Dictionary<string, double> Gauges()
    {
        var gauges = new Dictionary<string, double>();
        foreach (var ((meter, instrument, _), _) in _values)
        {
            if (meter == AppMeter.Name && AppMeter.KeyOf(instrument) is { } key)
            {
                gauges[key] = Sum(meter, instrument)!.Value;
            }
        }

        foreach (var (key, instrument) in KestrelGauges)
        {
            if (!gauges.ContainsKey(key) && Sum(KestrelMeter, instrument) is { } value)
            {
                gauges[key] = Math.Max(0, value);
            }
        }

        return gauges;
    }

    private static readonly (string Key, string Instrument)[] KestrelGauges =
    [
        (GaugeKeys.ConnectionsOpen, "kestrel.active_connections"),
        (GaugeKeys.ConnectionsQueued, "kestrel.queued_connections"),
        (GaugeKeys.RequestsQueued, "kestrel.queued_requests"),
    ];

    private double? Sum(string meter, string instrument)
    {
        double? sum = null;
        foreach (var ((m, i, _), value) in _values)
        {
            if (m == meter && i == instrument)
            {
                sum = (sum ?? 0) + value;
            }
        }

        return sum;
    }
}
