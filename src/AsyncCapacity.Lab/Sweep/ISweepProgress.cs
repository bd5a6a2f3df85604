namespace AsyncCapacity.Lab.Sweep;

/// <summary>What the loop tells whoever watches it (the CLI's console), as it happens.</summary>
public interface ISweepProgress
{
    void Skipped(ExperimentPlan plan, string reason);

    void ProbeStarting(ProbeOrder order);

    void ProbeDone(ProbeOrder order, ProbeAnswer answer);

    void VariantDone(ExperimentPlan plan, string variant);
}
