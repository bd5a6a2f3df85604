namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// A resource a variant holds while it serves, declared with the experiment so that the operational laws can bound it:
/// a resource of c units, each held for H seconds per request, serves at most c ÷ H requests per second (the utilization
/// law); held for a client's whole session, it serves at most c clients at once.
/// </summary>
/// <param name="Resource">Which resource: its units are counted by the run (the pool's minimum, the database pool's size, the writers).</param>
/// <param name="For">How long one unit is held: a request's time in the app, or a client's whole session.</param>
public sealed record Hold(HeldResource Resource, HoldSpan For = HoldSpan.Request)
{
    /// <summary>The app's bounded audit writers unless a run sets <see cref="AuditWritersSetting"/> (AuditOptions uses it too).</summary>
    public const int DefaultAuditWriters = 5;

    /// <summary>The app setting, as the sweep's `--app-setting` names it, that changes the number of bounded audit writers.</summary>
    public const string AuditWritersSetting = "Audit__BoundedWriters";

    /// <summary>Entries the bounded audit log queues for its writers unless a run sets <see cref="AuditQueueSetting"/>; beyond, 503.</summary>
    public const int DefaultAuditQueue = 10;

    public const string AuditQueueSetting = "Audit__BoundedQueueCapacity";
}

/// <summary>The resources a request can hold, each counted where the run records it.</summary>
public enum HeldResource
{
    /// <summary>A thread-pool thread (a blocking call holds one while it waits); units: the pool's minimum, which the app reports.</summary>
    Threads,

    /// <summary>A pooled database connection; units: the pool's size (Database:MaxPoolSize, as the app reports it).</summary>
    DbConnections,

    /// <summary>A dedicated audit writer thread; units: Audit:BoundedWriters (<see cref="Hold.DefaultAuditWriters"/> unless the run set it).</summary>
    AuditWriters,
}

/// <summary>How long a unit of a <see cref="Hold"/> is held.</summary>
public enum HoldSpan
{
    /// <summary>For the request's time in the app (its server time at one client).</summary>
    Request,

    /// <summary>For the client's whole session (a WebSocket connection): the resource caps clients, not a rate.</summary>
    Session,
}
