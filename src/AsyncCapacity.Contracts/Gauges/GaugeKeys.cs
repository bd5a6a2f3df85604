namespace AsyncCapacity.Contracts.Gauges;

public static class GaugeKeys
{
    public const string DbInUse = "db.inUse";
    public const string DbWaiting = "db.waiting";
    public const string DbPoolSize = "db.poolSize";
    public const string DbOpens = "db.opens";
    public const string DbOpenMsTotal = "db.openMsTotal";
    public const string AuditQueued = "audit.queued";
    public const string AuditRejected = "audit.rejected";
    public const string QueueWaiting = "queue.waiting";
    public const string QueueServing = "queue.serving";
    public const string QueueRejected = "queue.rejected";
    public const string QueueLimit = "queue.limit";
    public const string ConnectionsOpen = "connections.open";
    public const string ConnectionsQueued = "connections.queued";

    public const string RequestsQueued = "requests.queued";
    public const string WebSocketSessions = "websocket.sessions";
    public const string WebSocketMessages = "websocket.messages";

    /// <summary>From every sample's working set, in MiB: what each held connection costs in memory.</summary>
    public const string WorkingSetMb = "process.workingSetMb";
}
