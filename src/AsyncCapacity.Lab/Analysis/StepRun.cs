using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Waits;

namespace AsyncCapacity.Lab.Analysis;

/// <param name="Stacks">The app's thread stacks from the probe's tail, when they were taken.</param>
/// <param name="AppProcessorCount">What .NET counted as its cores (the app's CPU percent is of them); null: not read.</param>
public sealed record StepRun(
    ProbeSamples Step, IReadOnlyList<RuntimeSample> Timeline, HostCpu? Cpu, StackSnapshot? Stacks = null, int? AppProcessorCount = null);
