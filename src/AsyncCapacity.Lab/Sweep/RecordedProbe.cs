namespace AsyncCapacity.Lab.Sweep;

/// <summary>Which probe it was, so that a resumed sweep can tell the loop asks for it again.</summary>
public sealed record RecordedProbe(string Experiment, string Variant, int Number, int Load, int Run, string Kind, ProbeAnswer Answer)
{
    public static RecordedProbe Of(ProbeOrder order, ProbeAnswer answer) =>
        new(order.Plan.Id, order.Variant, order.Number, order.Load, order.Run, order.Kind.Name, answer);

    public bool Answers(ProbeOrder order) => (Experiment, Variant, Number, Load, Run, Kind)
        == (order.Plan.Id, order.Variant, order.Number, order.Load, order.Run, order.Kind.Name);
}
