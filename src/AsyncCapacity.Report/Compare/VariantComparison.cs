using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

/// <summary>One variant in every run: capacities judged by both runs' probes, the runtime at each knee, and the loads every run
/// measured (a load run several times stands as its median run, so one noisy run does not decide).</summary>
public sealed record VariantComparison(
    string Name,
    bool Blocking,
    IReadOnlyList<Capacity?> Capacities,
    IReadOnlyList<CapacityChange?> CapacityChanges,
    IReadOnlyList<string?> RuntimeAtKnee,
    IReadOnlyList<StepComparison> Steps)
{
    /// <summary>Each run's capacity over time, where it held loads (--sustain).</summary>
    public IReadOnlyList<Sustained?> Curves { get; init; } = [];

    /// <summary>The time under load each run judged the capacity at, and how the pool grew meanwhile.</summary>
    public IReadOnlyList<CapacityHorizon> Horizons { get; init; } = [];

    /// <summary>The laws' prediction in each run: a knob that moves the binding resource moves it.</summary>
    public IReadOnlyList<Prediction?> Predictions { get; init; } = [];

    /// <summary>"2 clients (pool threads), as predicted (+0%) → 4 clients (…)"; null when no run has one.</summary>
    public string? PredictionLine(LoadModel model) => Predictions.Any(p => p is not null)
        ? string.Join(" → ", Predictions.Select((p, run) =>
            p is null ? "none" : $"{PredictionText.Brief(p, model)}, measured {PredictionText.Outcome(p, Capacities[run])}"))
        : null;

    public static VariantComparison Of(
        string name, IReadOnlyList<ExperimentResult> experiments, NoiseRule noise, IReadOnlyList<RunInfo> facts)
    {
        var runs = experiments.Select(e => e.Variants.First(v => v.Name == name)).ToList();
        var horizons = runs.Select((r, i) => CapacityHorizon.Of(r, facts[i])).ToList();
        var concurrencies = runs[0].Steps.Select(s => s.Concurrency)
            .Where(c => runs.All(r => r.Steps.Any(s => s.Concurrency == c)))
            .Distinct()
            .Order();
        var steps = concurrencies
            .Select(c => StepComparison.Of(c, runs.Select(r => MedianRun(r.Steps.Where(s => s.Concurrency == c))).ToList(), noise))
            .ToList();
        var changes = runs.Select((r, i) =>
            i == 0 ? null : CapacityChange.Of(experiments[0], runs[0], experiments[i], r, noise, horizons[0], horizons[i])).ToList();
        return new VariantComparison(name, runs[0].Blocking, [.. runs.Select(r => r.Capacity)], changes,
            [.. runs.Select(r => KneeStep.Of(r) is { Adjustments: { } adjustments } step
                ? $"{PoolChangesText.Of(adjustments)} at {Format.Count(step.Concurrency)}"
                : null)],
            steps)
        {
            Predictions = [.. runs.Select(r => r.Prediction)],
            Horizons = horizons,
            Curves = [.. runs.Select(r => r.Sustained)],
        };
    }

    /// <summary>"35 concurrent clients (90%: 32–37) at 229 msg/s, 6 s under load" for each run, or "none".</summary>
    public IEnumerable<string> CapacityLines(ExperimentComparison experiment) => Capacities.Select((c, i) => c is null ? "none"
        : $"{CapacityText.Full(c, experiment.Model)} at {Format.Rps(c.Rps)} {experiment.Load.RateUnit}"
            + (Horizons.ElementAtOrDefault(i)?.Seconds is { } horizon ? ", " + HorizonText.Under(horizon) : ""));

    /// <summary>The run with the median throughput stands for a load the search ran several times.</summary>
    private static StepResult MedianRun(IEnumerable<StepResult> runs)
    {
        var sorted = runs.OrderBy(s => s.Rps).ToList();
        return sorted[(sorted.Count - 1) / 2];
    }

    /// <summary>Steps whose SLA verdict differs from the baseline's in some run.</summary>
    public IEnumerable<StepComparison> Flipped => Steps.Where(s => s.VerdictFlipped);
}
