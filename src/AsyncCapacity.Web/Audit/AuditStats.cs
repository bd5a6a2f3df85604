namespace AsyncCapacity.Web.Audit;

/// <summary>Accepted: handed to the writers; rejected: 503 (queue full or shutting down); failed: a database error.</summary>
public sealed record AuditStats(long Accepted, long Persisted, long Rejected, long Failed, int Queued);
