namespace AsyncCapacity.Web.Audit;

public interface IAuditLog
{
    string Variant { get; }

    AuditStats Stats { get; }

    bool TryAccept(AuditEntry entry);
}

/// <summary>Accepted: handed to the writers; rejected: 503 (queue full or shutting down); failed: a database error.</summary>
public sealed record AuditStats(long Accepted, long Persisted, long Rejected, long Failed, int Queued);
