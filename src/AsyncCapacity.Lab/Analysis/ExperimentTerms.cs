using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

/// <param name="Isolation">With the app's and k6's CPU sets, each step says which side was at its limit.</param>
public sealed record ExperimentTerms(
    Sla Sla, LoadModel Model, LoadKind Kind, IReadOnlyList<Gauge> Gauges, CpuIsolation? Isolation = null)
{
    public static ExperimentTerms Of(Experiment declaration, Sla sla, LoadModel model, CpuIsolation? isolation = null) =>
        new(sla, model, declaration.Load, ResultsBuilder.GaugesOf(declaration), isolation);
}
