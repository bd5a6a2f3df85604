namespace AsyncCapacity.Contracts;

/// <summary>A step meets the SLA when p95 ≤ <c>P95Ms</c> and its error rate ≤ <c>MaxErrorRate</c> (0.01 = 1%).</summary>
public sealed record Sla(double P95Ms, double MaxErrorRate)
{
    public static Sla Default { get; } = new(1000, 0.01);
}
