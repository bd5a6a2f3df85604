namespace AsyncCapacity.Contracts.Experiments;

public sealed record DeclaredSla(double P95Ms, double MaxErrorPercent)
{
    public Sla ToSla() => new(P95Ms, MaxErrorPercent / 100);
}
