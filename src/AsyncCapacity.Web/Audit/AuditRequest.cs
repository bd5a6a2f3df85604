namespace AsyncCapacity.Web.Audit;

public sealed record AuditRequest(string? Actor, string? Action, string? Detail);
