using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>Everything measured for one step: k6's statistics, the app's timeline around it, the machine's CPU.</summary>
public sealed record StepRun(K6Step Step, IReadOnlyList<RuntimeSample> Timeline, HostCpu? Cpu);

/// <summary>CPU seen from outside the app during a step, as percentages of all cores.</summary>
/// <param name="LoadGeneratorMemoryMb">k6's largest resident set during the step; null when unknown.</param>
public sealed record HostCpu(double MachinePercent, double LoadGeneratorPercent, double? LoadGeneratorMemoryMb = null);

/// <summary>
/// How an experiment's steps are judged and read: its SLA, the load model of the run, its load kind (units, sessions),
/// and the gauges whose columns each step computes.
/// </summary>
/// <param name="Isolation">The CPU sets of the app and k6, when the run had them: each step then says which side was at its limit.</param>
public sealed record ExperimentTerms(Sla Sla, LoadModel Model, LoadKind Kind, IReadOnlyList<Gauge> Gauges, CpuIsolation? Isolation = null)
{
    public static ExperimentTerms Of(Experiment declaration, Sla sla, LoadModel model, CpuIsolation? isolation = null) =>
        new(sla, model, declaration.Load, ResultsBuilder.GaugesOf(declaration), isolation);
}

/// <summary>One analysed step and the samples it was analysed from (they become its variant's timeline).</summary>
public sealed record AnalysedStep(string Variant, long StartMs, StepResult Result, IReadOnlyList<RuntimeSample> Timeline);

/// <summary>All analysed steps of one experiment, or the reason it was skipped.</summary>
/// <param name="Findings">What the capacity search found for each variant, by name; null (or a variant missing) when
/// there was no search: the capacity is then read off the steps as a grid.</param>
public sealed record ExperimentRun(
    Experiment Declaration,
    ExperimentTerms Terms,
    IReadOnlyDictionary<string, string> Parameters,
    IReadOnlyList<AnalysedStep> Steps,
    string? SkippedReason = null,
    IReadOnlyDictionary<string, Search.SearchFinding>? Findings = null);
