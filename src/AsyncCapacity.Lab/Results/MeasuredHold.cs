namespace AsyncCapacity.Lab.Results;

/// <summary>Threads per request: the probes' median, their lowest and highest, and how many probes gave one.</summary>
public sealed record MeasuredHold(double PerRequest, double Lowest, double Highest, int Probes);
