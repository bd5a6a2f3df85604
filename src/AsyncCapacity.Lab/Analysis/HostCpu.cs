using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

/// <param name="AppThrottling">Under a CPU quota, the app's throttling in the window (cgroup cpu.stat); null without one.</param>
public sealed record HostCpu(
    double MachinePercent, double LoadGeneratorPercent, double? LoadGeneratorMemoryMb = null, Throttling? AppThrottling = null);
