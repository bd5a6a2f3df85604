using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

public sealed record RunPlan(IReadOnlyList<ExperimentPlan> Experiments, ProbeTiming Timing)
{
    public TimeSpan ProbeDuration => Timing.Duration(Timing.WindowSeconds);

    /// <summary>The SLA most experiments are judged by, for the run header; each experiment shows its own.</summary>
    public Sla Sla => Experiments.Select(e => e.Sla).GroupBy(s => s)
        .OrderByDescending(g => g.Count()).Select(g => g.Key).FirstOrDefault() ?? Sla.Default;

    public int MaxProbes => Experiments.Sum(e => e.Declaration.Variants.Count * e.MaxProbes);

    public IReadOnlyList<int> MaxProbesPerVariant => [.. Experiments.SelectMany(e => e.Declaration.Variants.Select(_ => e.MaxProbes))];

    public IReadOnlyList<int> AllSteps => [.. Experiments.SelectMany(e => e.Steps).Distinct().Order()];

    public LoadCap? Cap => Experiments.Select(e => e.Cap).OfType<LoadCap>().MinBy(c => c.Load);

    public ExperimentPlan Of(string experiment) => Experiments.First(e => e.Id == experiment);
}
