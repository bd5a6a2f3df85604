namespace AsyncCapacity.Lab.Results;

public sealed record MeasuredHold(double PerRequest, double Lowest, double Highest, int Probes);
