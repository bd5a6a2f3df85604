using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>Everything a sweep has measured so far, kept by its caller so that an interrupted sweep keeps it.</summary>
public sealed class SweepRecord
{
    private readonly List<(ProbeOrder Order, ProbeAnswer Answer, string? Phase)> _probes = [];
    private readonly Dictionary<(string Experiment, string Variant), SearchFinding> _findings = [];
    private readonly Dictionary<string, string> _skipped = [];
    private readonly HashSet<(string Experiment, string Variant)> _done = [];
    private readonly Dictionary<(string Experiment, string Variant, string Phase), PhaseState> _phases = [];

    public AppReadings Readings { get; } = new();

    public int Probes => _probes.Count;

    public IReadOnlyList<RecordedProbe> Recorded => [.. _probes.Select(p => RecordedProbe.Of(p.Order, p.Answer))];

    public bool AllFailed => _probes.Any(p => p.Answer.Step is not null) && _probes.All(p => p.Answer.Step is not { Result.Failed: false });

    public void Add(ProbeOrder order, ProbeAnswer answer, string? phase = null)
    {
        _probes.Add((order, answer, phase));
        Readings.Add(answer.App, answer.ReadFromOutside);
    }

    public void Found(ExperimentPlan plan, string variant, SearchFinding finding) => _findings[(plan.Id, variant)] = finding;

    public SearchFinding? FindingOf(ExperimentPlan plan, string variant) => _findings.GetValueOrDefault((plan.Id, variant));

    public void Done(ExperimentPlan plan, string variant) => _done.Add((plan.Id, variant));

    public void Skip(ExperimentPlan plan, string reason) => _skipped[plan.Id] = reason;

    /// <summary>Kept as it goes: what completes the variant's result even if the sweep stops within the phase.</summary>
    public void Phased(IVariantPhase phase, PhaseState state) => _phases[(state.Plan.Id, state.Variant, phase.Name)] = state;

    public IReadOnlyList<ProbeAnswer> Of(ExperimentPlan plan, string variant, string? phase = null) =>
        [.. _probes.Where(p => p.Order.Plan.Id == plan.Id && p.Order.Variant == variant && p.Phase == phase).Select(p => p.Answer)];

    public bool Reached(ExperimentPlan plan) => _probes.Any(p => p.Order.Plan.Id == plan.Id);

    public int Count(ExperimentPlan plan, string variant) => _probes.Count(p => p.Order.Plan.Id == plan.Id && p.Order.Variant == variant);

    public IReadOnlyList<string> Unfinished(RunPlan plan) => [.. plan.Experiments
        .Where(e => !_skipped.ContainsKey(e.Id))
        .SelectMany(e => e.Declaration.Variants.Where(v => !_done.Contains((e.Id, v.Name))).Select(v => $"{e.Id}:{v.Name}"))];

    /// <summary>Built once; a variant whose search did not end is read off its probes so far as a grid.</summary>
    /// <param name="phases">The loop's: each completes the variants it ran for.</param>
    public IReadOnlyList<ExperimentResult> Results(RunPlan plan, IReadOnlyList<IVariantPhase> phases) => [.. plan.Experiments
        .Where(e => _skipped.ContainsKey(e.Id) || Reached(e))
        .Select(e => Result(e, phases))];

    private ExperimentResult Result(ExperimentPlan plan, IReadOnlyList<IVariantPhase> phases)
    {
        if (_skipped.TryGetValue(plan.Id, out var reason))
        {
            return ResultsBuilder.Build(plan.Run([], skippedReason: reason));
        }

        var steps = _probes.Where(p => p.Order.Plan.Id == plan.Id && p.Phase is null).Select(p => p.Answer.Measured).ToList();
        var findings = _findings.Where(f => f.Key.Experiment == plan.Id).ToDictionary(f => f.Key.Variant, f => f.Value);
        var result = ResultsBuilder.Build(plan.Run(steps, findings));
        VariantResult Completed(VariantResult variant) => phases.Aggregate(variant, (done, phase) =>
            _phases.TryGetValue((plan.Id, variant.Name, phase.Name), out var state) ? phase.Complete(done, state) : done);
        return phases.Count == 0 ? result : result with { Variants = [.. result.Variants.Select(Completed)] };
    }
}
