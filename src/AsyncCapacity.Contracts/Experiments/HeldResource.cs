namespace AsyncCapacity.Contracts.Experiments;

/// <summary>Units counted as the pool's minimum, Database:MaxPoolSize and Audit:BoundedWriters.</summary>
public enum HeldResource
{
    Threads,
    DbConnections,
    AuditWriters,
}
