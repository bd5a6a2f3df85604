using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Report.Analysis;

/// <summary>Assembles analysed experiments into results.json's shape.</summary>
public static class ResultsBuilder
{
    public static ExperimentResult Build(ExperimentRun run)
    {
        var info = run.Info;
        if (run.SkippedReason is not null)
        {
            return new ExperimentResult(info.Name, info.Title, info.Lesson, run.Sla, run.Parameters,
                info.IdealRpsPerClient(run.Parameters), [], string.Empty, run.SkippedReason);
        }

        var variantNames = info.Variants.Select(v => v.Name)
            .Concat(run.Steps.Select(s => s.Step.Variant))
            .Distinct(StringComparer.Ordinal)
            .Where(name => run.Steps.Any(s => s.Step.Variant == name));

        var variants = variantNames.Select(name => BuildVariant(run, name)).ToList();
        return new ExperimentResult(info.Name, info.Title, info.Lesson, run.Sla, run.Parameters,
            info.IdealRpsPerClient(run.Parameters), variants, Verdict.Of(variants, run.Sla), null);
    }

    private static VariantResult BuildVariant(ExperimentRun run, string name)
    {
        var runs = run.Steps.Where(s => s.Step.Variant == name).OrderBy(s => s.Step.StartMs).ToList();
        var steps = runs.Select(s => StepAnalysis.Analyse(s, run.Sla, run.Info.UsesDatabase)).ToList();
        var timeline = runs.SelectMany(s => s.Timeline)
            .DistinctBy(s => s.TimestampMs)
            .OrderBy(s => s.TimestampMs)
            .ToList();
        var info = run.Info.Variants.FirstOrDefault(v => v.Name == name);
        return new VariantResult(name, info?.Description ?? name, info?.Blocking ?? false, steps,
            CapacityAnalysis.Of(steps), timeline);
    }
}
