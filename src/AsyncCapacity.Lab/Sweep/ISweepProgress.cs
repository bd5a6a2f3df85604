namespace AsyncCapacity.Lab.Sweep;

public interface ISweepProgress
{
    void Skipped(ExperimentPlan plan, string reason);

    void ProbeStarting(ProbeOrder order);

    void ProbeDone(ProbeOrder order, ProbeAnswer answer);

    void VariantDone(ExperimentPlan plan, string variant);
}
