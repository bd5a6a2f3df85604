namespace AsyncCapacity.Web.Audit;

public interface IAuditLog
{
    string Variant { get; }

    AuditStats Stats { get; }

    bool TryAccept(AuditEntry entry);
}
