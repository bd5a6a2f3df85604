namespace AsyncCapacity.Web.Diagnostics;

public sealed record ExperimentParameters(string Experiment, IReadOnlyDictionary<string, string> Parameters);
