namespace AsyncCapacity.Lab.Sweep;

/// <summary>The loop's one door to the world: the CLI's app and k6, a resumed sweep's record, a test's simulated app.</summary>
public interface IProbePort
{
    string? SkippedReason(ExperimentPlan plan) => null;

    /// <summary>Runs the probe; one that cannot measure (its deadline passed, k6 failed) is answered with a failed step.</summary>
    Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken);
}
