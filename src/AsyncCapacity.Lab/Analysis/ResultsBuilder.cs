using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Analysis;

public static class ResultsBuilder
{
    public static ExperimentResult Build(ExperimentRun run)
    {
        var declaration = run.Declaration;
        var ideal = declaration.IdealRpsPerClient(run.Parameters);
        if (run.SkippedReason is not null)
        {
            return new ExperimentResult(declaration.Id, declaration.Title, declaration.Lesson, run.Terms.Sla, run.Parameters,
                ideal, [], run.SkippedReason, declaration.Gauges ?? [], declaration.Load, run.Terms.Model);
        }

        // Declared variants first, in their order; then any a standalone k6 run added.
        var names = declaration.Variants.Select(v => v.Name)
            .Concat(run.Steps.Select(s => s.Variant))
            .Distinct(StringComparer.Ordinal)
            .Where(name => run.Steps.Any(s => s.Variant == name));
        var variants = names.Select(name => BuildVariant(run, name)).ToList();
        return new ExperimentResult(declaration.Id, declaration.Title, declaration.Lesson, run.Terms.Sla, run.Parameters,
            ideal, variants, null, declaration.Gauges ?? [], declaration.Load, run.Terms.Model)
        {
            Headline = run.Terms.Model.IsOpen ? null : declaration.Headline,
        };
    }

    /// <summary>The gauges an experiment lists, as the catalogue defines them; unknown ids (a newer file) are left out.</summary>
    public static IReadOnlyList<Gauge> GaugesOf(Experiment declaration) =>
        [.. (declaration.Gauges ?? []).Select(GaugeCatalog.Find).OfType<Gauge>()];

    private static VariantResult BuildVariant(ExperimentRun run, string name)
    {
        var steps = run.Steps.Where(s => s.Variant == name).OrderBy(s => s.StartMs).ToList();
        var timeline = steps.SelectMany(s => s.Timeline)
            .DistinctBy(s => s.TimestampMs)
            .OrderBy(s => s.TimestampMs)
            .ToList();
        var results = steps.Select(s => s.Result).ToList();
        var (capacity, none) = CapacityAnalysis.Of(results, run.Terms.Sla, run.Findings?.GetValueOrDefault(name));
        var declared = run.Declaration.Variants.FirstOrDefault(v => v.Name == name);
        List<StepResult> decided = [.. results.Select(s => s with { Decided = CapacityAnalysis.Decides(s, capacity) })];
        capacity = capacity is null ? null : capacity with { HorizonSeconds = KneeHorizon.OfSteps(decided, capacity) };
        return new VariantResult(name, declared?.Why ?? name, declared?.Blocking ?? false, decided, capacity, timeline)
        {
            NoCapacityBecause = none,
            Holds = declared?.Holds,
            Request = declared is null ? null : $"{declared.Method} {run.Declaration.PathAndQuery(declared, run.Parameters)}",
        };
    }
}
