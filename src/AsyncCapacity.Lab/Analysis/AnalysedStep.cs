using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

public sealed record AnalysedStep(string Variant, long StartMs, StepResult Result, IReadOnlyList<RuntimeSample> Timeline);
