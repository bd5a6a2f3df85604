using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>Every experiment's plan, and what the run as a whole is said to be from them.</summary>
/// <param name="Timing">Every probe's, whichever experiment it belongs to.</param>
public sealed record RunPlan(IReadOnlyList<ExperimentPlan> Experiments, ProbeTiming Timing)
{
    /// <summary>A probe with the planned window, from starting its app to stopping it.</summary>
    public TimeSpan ProbeDuration => Timing.Duration(Timing.WindowSeconds);

    /// <summary>The SLA most experiments are judged by, for the run header; each experiment shows its own.</summary>
    public Sla Sla => Experiments.Select(e => e.Sla).GroupBy(s => s)
        .OrderByDescending(g => g.Count()).Select(g => g.Key).FirstOrDefault() ?? Sla.Default;

    public int MaxProbes => Experiments.Sum(e => e.Declaration.Variants.Count * e.MaxProbes);

    /// <summary>The most probes each variant may take, in the order the sweep runs them.</summary>
    public IReadOnlyList<int> MaxProbesPerVariant => [.. Experiments.SelectMany(e => e.Declaration.Variants.Select(_ => e.MaxProbes))];

    public IReadOnlyList<int> AllSteps => [.. Experiments.SelectMany(e => e.Steps).Distinct().Order()];

    public LoadCap? Cap => Experiments.Select(e => e.Cap).OfType<LoadCap>().MinBy(c => c.Load);

    public ExperimentPlan Of(string experiment) => Experiments.First(e => e.Id == experiment);
}
