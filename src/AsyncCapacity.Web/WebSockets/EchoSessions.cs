using AsyncCapacity.Web.Gauges;

namespace AsyncCapacity.Web.WebSockets;

public sealed class EchoSessions : IGaugeSource
{
    private long _open;
    private long _messages;

    public long Open => Interlocked.Read(ref _open);

    /// <summary>Until the returned handle is disposed, however its loop ended.</summary>
    public IDisposable Begin()
    {
        Interlocked.Increment(ref _open);
        return new Session(this);
    }

    public void Echoed() => Interlocked.Increment(ref _messages);

    public void Read(IDictionary<string, double> gauges)
    {
        gauges[GaugeKeys.WebSocketSessions] = Interlocked.Read(ref _open);
        gauges[GaugeKeys.WebSocketMessages] = Interlocked.Read(ref _messages);
    }

    private sealed class Session(EchoSessions sessions) : IDisposable
    {
        private int _disposed;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _disposed, 1) == 0)
            {
                Interlocked.Decrement(ref sessions._open);
            }
        }
    }
}
