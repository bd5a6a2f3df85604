using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

public sealed record StepRun(ProbeSamples Step, IReadOnlyList<RuntimeSample> Timeline, HostCpu? Cpu);

public sealed record HostCpu(double MachinePercent, double LoadGeneratorPercent, double? LoadGeneratorMemoryMb = null);

/// <param name="Isolation">With the app's and k6's CPU sets, each step says which side was at its limit.</param>
public sealed record ExperimentTerms(
    Sla Sla, LoadModel Model, LoadKind Kind, IReadOnlyList<Gauge> Gauges, CpuIsolation? Isolation = null)
{
    public static ExperimentTerms Of(Experiment declaration, Sla sla, LoadModel model, CpuIsolation? isolation = null) =>
        new(sla, model, declaration.Load, ResultsBuilder.GaugesOf(declaration), isolation);
}

public sealed record AnalysedStep(string Variant, long StartMs, StepResult Result, IReadOnlyList<RuntimeSample> Timeline);

/// <param name="Findings">By variant; without one, the capacity is read off the steps as a grid.</param>
public sealed record ExperimentRun(
    Experiment Declaration,
    ExperimentTerms Terms,
    IReadOnlyDictionary<string, string> Parameters,
    IReadOnlyList<AnalysedStep> Steps,
    string? SkippedReason = null,
    IReadOnlyDictionary<string, Search.SearchFinding>? Findings = null);
