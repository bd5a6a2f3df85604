using System.Diagnostics.Tracing;
using System.Globalization;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace AsyncCapacity.Cli.Observe;

/// <summary>Reads a running .NET app's runtime from outside, as dotnet-counters and dotnet-trace do (dotnet/diagnostics
/// src/Tools): one EventPipe session with the meters and event 55; nothing is added to the app.</summary>
internal sealed class RuntimeReader : IAsyncDisposable
{
    private const string RuntimeProvider = "Microsoft-Windows-DotNETRuntime";
    private const long ThreadingKeyword = 0x10000;

    private readonly EventPipeSession _session;
    private readonly Thread _thread;
    private readonly string _sessionId;
    private readonly RuntimeSampleBuilder _builder = new();
    private readonly List<RuntimeSample> _samples = [];
    private readonly Lock _lock = new();
    private PoolAdjustmentTally? _adjustments;
    private int _stopped;

    private RuntimeReader(EventPipeSession session, string sessionId)
    {
        (_session, _sessionId) = (session, sessionId);
        _thread = new Thread(Read) { IsBackground = true, Name = "capacity runtime reader" };
    }

    public string? Problem { get; private set; }

    public int? ProcessorCount => _builder.Cores;

    /// <summary>The last second's reading, or null before the first.</summary>
    public RuntimeSample? Latest
    {
        get
        {
            lock (_lock)
            {
                return _samples.Count > 0 ? _samples[^1] : null;
            }
        }
    }

    public IReadOnlyList<RuntimeSample> Samples
    {
        get
        {
            lock (_lock)
            {
                return [.. _samples];
            }
        }
    }

    public static RuntimeReader Start(int processId)
    {
        var sessionId = Guid.NewGuid().ToString("N");
        EventPipeSession session;
        try
        {
            // No stacks and no rundown: the values are all it needs, and a stack per event would cost the app.
            var configuration = new EventPipeSessionConfiguration(
                Providers(sessionId), circularBufferSizeMB: 16, requestRundown: false, requestStackwalk: false);
            session = new DiagnosticsClient(processId).StartEventPipeSession(configuration);
        }
        catch (Exception ex) when (ex is ServerNotAvailableException or ServerErrorException or UnsupportedCommandException)
        {
            throw new HarnessException($"Process {processId} does not answer on a .NET diagnostics port ({ex.Message}): "
                + "is it a .NET app, still running, started by this user, without DOTNET_EnableDiagnostics=0?");
        }

        var reader = new RuntimeReader(session, sessionId);
        reader._thread.Start();
        return reader;
    }

    private static EventPipeProvider[] Providers(string sessionId) =>
    [
        new(MeterEvents.Provider, EventLevel.Informational, MeterEvents.TimeSeriesValues, new Dictionary<string, string>
        {
            ["SessionId"] = sessionId,
            ["Metrics"] = string.Join(',', RuntimeSampleBuilder.Meters),
            ["RefreshInterval"] = "1",
            ["MaxTimeSeries"] = "1000",
            ["MaxHistograms"] = "10",
            ["ClientId"] = sessionId,
        }),
        new(RuntimeProvider, EventLevel.Informational, ThreadingKeyword),
    ];

    public async Task<IReadOnlyList<RuntimeSample>> StopAsync(CancellationToken cancellationToken)
    {
        if (Interlocked.Exchange(ref _stopped, 1) == 0)
        {
            try
            {
                await _session.StopAsync(cancellationToken);
            }
            catch (Exception ex) when (ex is ServerNotAvailableException or ServerErrorException or IOException or TimeoutException
                or ObjectDisposedException)
            {
                // The app exited: its stream has ended, and the reading thread with it.
            }
        }

        await Task.Run(() => _thread.Join(TimeSpan.FromSeconds(5)), cancellationToken);
        return Samples;
    }

    /// <summary>Also after Ctrl+C: the session is stopped if it can be within a few seconds, then closed, which ends the reading.</summary>
    public async ValueTask DisposeAsync()
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(3));
        try
        {
            await StopAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            // Closing the session below ends the stream the reading thread waits on.
        }

        _session.Dispose();
    }

    private void Read()
    {
        try
        {
            using var source = new EventPipeEventSource(_session.EventStream);
            source.Clr.ThreadPoolWorkerThreadAdjustmentAdjustment += OnAdjustment;
            source.Dynamic.All += OnMeterEvent;
            source.Process();
        }
        catch (Exception ex) when (ex is IOException or EndOfStreamException or ObjectDisposedException or FormatException)
        {
            Problem ??= $"the runtime's event stream broke off ({ex.Message})";
        }
    }

    /// <summary>The goal before the first change is unknown from outside: the pool's thread count then, its goal when idle.</summary>
    private void OnAdjustment(ThreadPoolWorkerThreadAdjustmentTraceData data)
    {
        if (_adjustments is null)
        {
            var samples = Samples;
            _adjustments = new PoolAdjustmentTally(samples.Count > 0 ? samples[^1].ThreadCount : data.NewWorkerThreadCount);
        }

        _adjustments.Record((long)data.Reason, data.NewWorkerThreadCount);
    }

    private void OnMeterEvent(TraceEvent data)
    {
        if (data.ProviderName != MeterEvents.Provider)
        {
            return;
        }

        if (MeterEvents.ValueOf(data, _sessionId) is { } value)
        {
            _builder.Add(value);
        }
        else if (MeterEvents.IsCollectionEnd(data, _sessionId)
            && _builder.End(new DateTimeOffset(data.TimeStamp).ToUnixTimeMilliseconds(), _adjustments?.Totals() ?? Empty) is { } sample)
        {
            lock (_lock)
            {
                _samples.Add(sample);
            }
        }
        else if (MeterEvents.ErrorOf(data, _sessionId) is { } error)
        {
            Problem ??= string.Create(CultureInfo.InvariantCulture, $"the app's meters: {error}");
        }
    }

    private static readonly IReadOnlyDictionary<string, PoolAdjustmentTotals> Empty = new Dictionary<string, PoolAdjustmentTotals>();
}
