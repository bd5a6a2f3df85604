using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

/// <param name="Isolation">With the app's and k6's CPU sets, each step says which side was at its limit.</param>
/// <param name="AppCpuQuota">--app-cpus: the CPUs the app's quota allows, against which its CPU is judged; null: none.</param>
public sealed record ExperimentTerms(
    Sla Sla, LoadModel Model, LoadKind Kind, IReadOnlyList<Gauge> Gauges, CpuIsolation? Isolation = null, double? AppCpuQuota = null)
{
    public static ExperimentTerms Of(
        Experiment declaration, Sla sla, LoadModel model, CpuIsolation? isolation = null, double? appCpuQuota = null) =>
        new(sla, model, declaration.Load, ResultsBuilder.GaugesOf(declaration), isolation, appCpuQuota);
}
