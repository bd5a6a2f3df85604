namespace AsyncCapacity.Web.Audit;

public sealed record AuditReceipt(Guid Id, string Actor, string Action);
