namespace AsyncCapacity.Contracts.Gauges;

/// <summary>
/// One instrument of the lab app's meter for one gauge key. A <c>Total</c> only grows (an ObservableCounter, read as its
/// value, not its rate); the rest are levels (ObservableGauge).
/// </summary>
public sealed record AppInstrument(string Key, string Name, string Unit, bool Total, string Description);

/// <summary>
/// The lab app's own meter: what only it knows, published as System.Diagnostics.Metrics instruments so that any reader
/// (the sweep's EventPipe reader, dotnet-counters, OpenTelemetry) sees it. Names follow OpenTelemetry's conventions
/// (https://opentelemetry.io/docs/specs/semconv/general/naming/); <see cref="KeyOf"/> turns them back into gauge keys.
/// </summary>
public static class AppMeter
{
    public const string Name = "AsyncCapacity";

    /// <summary>Requests the app's pipeline has started and not finished (its timing middleware's count).</summary>
    public const string RequestsInFlight = "asynccapacity.http.requests_in_flight";

    // The pool's threads and queue as gauges: on .NET 10.0.12 System.Runtime publishes them as counters (dotnet/runtime#112077).
    public const string ThreadCount = "asynccapacity.thread_pool.thread.count";

    public const string QueueLength = "asynccapacity.thread_pool.queue.length";

    /// <summary>The pool's changes to its thread-count goal (event 55), by <see cref="ReasonTag"/>.</summary>
    public const string Adjustments = "asynccapacity.thread_pool.adjustments";

    /// <summary>Threads those changes added to the goal, by <see cref="ReasonTag"/>: the pool's injections.</summary>
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

    /// <summary>The gauge key an instrument of this meter stands for; null for one that is not a gauge.</summary>
    public static string? KeyOf(string instrumentName) => KeysByName.GetValueOrDefault(instrumentName);
}
