namespace AsyncCapacity.Contracts.Gauges;

/// <summary>Every gauge an experiment can list. Adding one: its keys above, its entry here, the app's source of the keys.</summary>
public static class GaugeCatalog
{
    public static Gauge ConnectionPool { get; } = new(
        "connection-pool",
        "connection pool",
        "Pool wait is the mean time a request took to get a pooled database connection; waiting for a connection, the most requests "
            + "waiting for one at once. A full pool caps any variant at pool size ÷ query time requests per second. A blocking variant "
            + "often shows little pool wait: its requests wait in the thread-pool queue before they can even ask for a connection.",
        [
            new(GaugeKeys.DbInUse, "connections in use", GaugeAxis.Held, "#9c36b5"),
            new(GaugeKeys.DbWaiting, "waiting for a connection", GaugeAxis.Waiting, "#9c36b5"),
            new(GaugeKeys.DbPoolSize, "pool size", GaugeAxis.Held, "#9c36b5", Reference: true),
        ],
        [
            new("db.poolWaitMs", "pool wait", "Mean time to get a pooled database connection during the step",
                GaugeFormat.Duration, GaugeStatistic.MeanPerCount, GaugeKeys.DbOpenMsTotal, GaugeKeys.DbOpens),
            new("db.maxWaiting", "waiting for a connection",
                "Most requests waiting for a pooled database connection at once during the step",
                GaugeFormat.Count, GaugeStatistic.Max, GaugeKeys.DbWaiting),
        ]);

    public static Gauge AuditQueue { get; } = new(
        "audit-queue",
        "audit queue",
        "The audit queue holds entries waiting for the writers; a request is answered once its entry is committed. When the queue "
            + "is full, the service answers 503 Server Too Busy at once: those answers are the errors in the step tables. "
            + "503/s is the rise of the refusal count between two samples ÷ the seconds between them. The count restarts with each "
            + "fresh app process, so no rate is drawn across a restart.",
        [
            new(GaugeKeys.AuditQueued, "audit entries queued", GaugeAxis.Waiting, "#0b7285"),
            new(GaugeKeys.AuditRejected, "503 (queue full) per second", GaugeAxis.Rate, "#a8071a", Total: true),
        ],
        [],
        ErrorsAre: "503 Server Too Busy (queue full)");

    public static Gauge ServerTime { get; } = new(
        "server-time",
        "server time",
        "Where no parameter fixes the handler's time, a chart puts the client's median latency and the median time inside the app "
            + "(Server-Timing) side by side on a log scale, from microseconds to seconds: the gap is time spent outside the handler.",
        [],
        [],
        ComparesServerTime: true);

    public static Gauge RequestQueue { get; } = new(
        "request-queue",
        "request queue",
        "The request queue lets a fixed number of experiment requests run at once and up to its limit wait, oldest first, without "
            + "holding a thread; beyond the limit the service answers 503 Server Too Busy at once, with Retry-After. 503/s is the rise of "
            + "the refusal count between two samples ÷ the seconds between them; a fresh app process restarts the count.",
        [
            new(GaugeKeys.QueueServing, "requests being served", GaugeAxis.Held, "#5c940d"),
            new(GaugeKeys.QueueWaiting, "requests in the queue", GaugeAxis.Waiting, "#5c940d"),
            new(GaugeKeys.QueueLimit, "queue limit", GaugeAxis.Waiting, "#5c940d", Reference: true),
            new(GaugeKeys.QueueRejected, "503 (request queue full) per second", GaugeAxis.Rate, "#c2255c", Total: true),
        ],
        [
            new("queue.maxWaiting", "max in queue", "Most requests waiting in the request queue at once during the step",
                GaugeFormat.Count, GaugeStatistic.Max, GaugeKeys.QueueWaiting),
        ],
        ErrorsAre: "503 Server Too Busy (request queue full)");

    // Connection-bound experiments hold their clients for the whole step: what each costs in memory shows beside them.
    private static GaugeSeries WorkingSet => new(GaugeKeys.WorkingSetMb, "working set (MiB)", GaugeAxis.Held, "#495057");

    private static GaugeColumn WorkingSetColumn => new("process.maxWorkingSetMb", "max working set MiB",
        "The app's largest working set (resident memory) during the step, in MiB",
            GaugeFormat.Count, GaugeStatistic.Max, GaugeKeys.WorkingSetMb);

    public static Gauge Connections { get; } = new(
        "connections",
        "open connections",
        "Open connections are the client connections Kestrel holds at the moment of the sample (its kestrel.active_connections "
            + "counter), whether their request is being handled or waiting; queued, those accepted but not yet started "
            + "(kestrel.queued_connections). An awaiting handler keeps thousands open with a handful of threads; a blocking one "
            + "needs a thread for each.",
        [
            new(GaugeKeys.ConnectionsOpen, "open connections", GaugeAxis.Held, "#1864ab"),
            new(GaugeKeys.ConnectionsQueued, "connections queued by Kestrel", GaugeAxis.Waiting, "#1864ab"),
            WorkingSet,
        ],
        [
            new("connections.max", "max open connections", "Most client connections open at once during the step (Kestrel's counter)",
                GaugeFormat.Count, GaugeStatistic.Max, GaugeKeys.ConnectionsOpen),
            WorkingSetColumn,
        ]);

    public static Gauge WebSocketSessions { get; } = new(
        "websocket-sessions",
        "WebSocket sessions",
        "Sessions are the WebSocket clients whose echo loop is running in the app at the moment of the sample; messages per second, "
            + "the rise of the app's echo count between two samples ÷ the seconds between them. A blocking echo loop holds a pool "
            + "thread per session, so its threads climb with the clients; a fresh app process restarts the count.",
        [
            new(GaugeKeys.WebSocketSessions, "sessions open", GaugeAxis.Held, "#862e9c"),
            new(GaugeKeys.WebSocketMessages, "messages echoed per second", GaugeAxis.Rate, "#e8590c", Total: true),
            WorkingSet,
        ],
        [
            new("websocket.maxSessions", "max sessions", "Most WebSocket sessions open in the app at once during the step",
                GaugeFormat.Count, GaugeStatistic.Max, GaugeKeys.WebSocketSessions),
            WorkingSetColumn,
        ]);

    public static IReadOnlyList<Gauge> All { get; } =
        [ConnectionPool, AuditQueue, ServerTime, RequestQueue, Connections, WebSocketSessions];

    public static Gauge? Find(string id) => All.FirstOrDefault(g => g.Id == id);
}
