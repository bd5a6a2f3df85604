namespace AsyncCapacity.Lab.Sweep;

/// <summary>The loop's one door to the world: the CLI runs a probe with a fresh app and k6, a resumed sweep first answers from what
/// it recorded (<see cref="ReplayPort"/>), a test with a simulated app.</summary>
public interface IProbePort
{
    /// <summary>Why the experiment cannot run here (no database for a database experiment); null: it can.</summary>
    string? SkippedReason(ExperimentPlan plan) => null;

    /// <summary>Runs the probe; one that cannot measure (its deadline passed, k6 failed) is answered with a failed step.</summary>
    Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken);
}
