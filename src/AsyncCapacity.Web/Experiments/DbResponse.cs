namespace AsyncCapacity.Web.Experiments;

public sealed record DbResponse(int DelayMs, int RowId, string Payload);
