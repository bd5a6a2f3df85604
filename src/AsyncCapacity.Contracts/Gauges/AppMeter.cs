namespace AsyncCapacity.Contracts.Gauges;

/// <summary>
/// What only the app knows, as a meter any reader sees (EventPipe, dotnet-counters, OpenTelemetry); names after
/// https://opentelemetry.io/docs/specs/semconv/general/naming/.
/// </summary>
public static class AppMeter
{
    public const string Name = "AsyncCapacity";

    public const string RequestsInFlight = "asynccapacity.http.requests_in_flight";

    // The pool's threads and queue as gauges: on .NET 10.0.12 System.Runtime publishes them as counters (dotnet/runtime#112077).
    public const string ThreadCount = "asynccapacity.thread_pool.thread.count";

    public const string QueueLength = "asynccapacity.thread_pool.queue.length";

    public const string Adjustments = "asynccapacity.thread_pool.adjustments";

    public const string ThreadsInjected = "asynccapacity.thread_pool.threads_injected";

    public const string ReasonTag = "reason";

    public static IReadOnlyList<AppInstrument> Gauges { get; } =
    [
        new(GaugeKeys.DbInUse, "asynccapacity.db.connections.in_use", "{connection}", false, "Pooled database connections in use"),
        new(GaugeKeys.DbWaiting, "asynccapacity.db.connections.waiting", "{request}", false, "Requests waiting for a pooled connection"),
        new(GaugeKeys.DbPoolSize, "asynccapacity.db.connections.max", "{connection}", false, "The database pool's size"),
        new(GaugeKeys.DbOpens, "asynccapacity.db.connections.opens", "{connection}", true, "Pooled connections handed out"),
        new(GaugeKeys.DbOpenMsTotal, "asynccapacity.db.connections.open_time", "ms", true, "Time spent getting pooled connections"),
        new(GaugeKeys.AuditQueued, "asynccapacity.audit.queued", "{entry}", false, "Audit entries waiting for the writers"),
        new(GaugeKeys.AuditRejected, "asynccapacity.audit.rejected", "{request}", true, "Audit requests refused with 503 (queue full)"),
        new(GaugeKeys.QueueWaiting, "asynccapacity.request_queue.waiting", "{request}", false, "Requests waiting in the request queue"),
        new(GaugeKeys.QueueServing, "asynccapacity.request_queue.serving", "{request}", false, "Requests the request queue lets run"),
        new(GaugeKeys.QueueRejected, "asynccapacity.request_queue.rejected", "{request}", true, "Requests refused with 503 (queue full)"),
        new(GaugeKeys.QueueLimit, "asynccapacity.request_queue.limit", "{request}", false, "How many requests may wait in the queue"),
        new(GaugeKeys.ConnectionsOpen, "asynccapacity.connections.open", "{connection}", false, "Client connections Kestrel holds"),
        new(GaugeKeys.ConnectionsQueued, "asynccapacity.connections.queued", "{connection}", false, "Connections not yet started"),
        new(GaugeKeys.WebSocketSessions, "asynccapacity.websocket.sessions", "{session}", false, "WebSocket echo sessions open"),
        new(GaugeKeys.WebSocketMessages, "asynccapacity.websocket.messages", "{message}", true, "WebSocket messages echoed"),
    ];

    private static readonly Dictionary<string, string> KeysByName = Gauges.ToDictionary(g => g.Name, g => g.Key, StringComparer.Ordinal);

    public static string? KeyOf(string instrumentName) => KeysByName.GetValueOrDefault(instrumentName);
}

/// <summary>A <c>Total</c> is an ObservableCounter, read as its value, not its rate; the rest are levels (ObservableGauge).</summary>
public sealed record AppInstrument(string Key, string Name, string Unit, bool Total, string Description);
