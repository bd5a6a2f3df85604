namespace AsyncCapacity.Lab.Analysis;

public sealed record HostCpu(double MachinePercent, double LoadGeneratorPercent, double? LoadGeneratorMemoryMb = null);
