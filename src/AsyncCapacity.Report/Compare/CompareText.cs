using System.Text;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

public static class CompareText
{
    public static string Render(RunComparison comparison)
    {
        var text = new StringBuilder();
        var runs = comparison.Runs;
        text.AppendLine($"Comparing {runs.Count} runs; the first is the baseline:");
        for (var i = 0; i < runs.Count; i++)
        {
            var run = runs[i].Document.Run;
            text.AppendLine($"  {i + 1}. {runs[i].Label}   {Format.Utc(run.StartedAt)}, {run.Machine}, {run.Settings.Model} model");
        }

        text.AppendLine();
        if (comparison.Differences.Count == 0)
        {
            text.AppendLine("What differs: nothing in the recorded settings (the same run twice, or a knob the results do not record).");
        }
        else
        {
            text.AppendLine("What differs:");
            foreach (var difference in comparison.Differences)
            {
                text.AppendLine($"  {difference.Name}: {string.Join(" → ", difference.Values)}");
            }
        }

        foreach (var warning in comparison.Warnings)
        {
            text.AppendLine($"warning: not like for like. {warning}");
        }

        foreach (var only in comparison.OnlyInSomeRuns)
        {
            text.AppendLine($"note: not compared, {only}");
        }

        text.AppendLine($"Noise: {comparison.Noise.Description}.");
        foreach (var experiment in comparison.Experiments)
        {
            text.AppendLine();
            Experiment(text, experiment, runs);
        }

        return text.ToString();
    }

    private static void Experiment(StringBuilder text, ExperimentComparison experiment, IReadOnlyList<ComparedRun> runs)
    {
        text.AppendLine($"{experiment.Name}: {experiment.Title}");
        Capacities(text, experiment);
        StepTable(text, experiment, runs);
        Verdicts(text, experiment);
    }

    private static void Capacities(StringBuilder text, ExperimentComparison experiment)
    {
        var model = experiment.Model;
        var unit = experiment.Load.RateUnit;
        foreach (var variant in experiment.Variants)
        {
            text.AppendLine($"  capacity at SLA, {variant.Name}: {string.Join(" → ", variant.CapacityLines(experiment))}");
            foreach (var (change, i) in variant.CapacityChanges.Select((c, i) => (c, i)).Where(x => x.c is not null))
            {
                text.AppendLine($"    run {i + 1} against the baseline: {change!.Text}");
            }

            if (SustainedText.Compared(variant.Curves) is { } curves)
            {
                text.AppendLine($"    capacity over time (single holds, so no significance test): {curves}");
            }

            if (variant.PredictionLine(model) is { } predicted)
            {
                text.AppendLine($"    predicted by the laws: {predicted}");
            }

            if (variant.RuntimeAtKnee.Any(r => r is not null))
            {
                text.AppendLine(
                    $"    the pool at the knee: {string.Join(" → ", variant.RuntimeAtKnee.Select(r => r ?? "not recorded"))}");
            }
        }
    }

    private static void StepTable(StringBuilder text, ExperimentComparison experiment, IReadOnlyList<ComparedRun> runs)
    {
        var model = experiment.Model;
        var unit = experiment.Load.RateUnit;
        var header = new List<string> { "variant", model.AxisName };
        header.AddRange(runs.Select((_, i) => $"{unit} {i + 1}"));
        header.AddRange(runs.Skip(1).Select((_, i) => $"Δ {i + 2}"));
        header.AddRange(runs.Select((_, i) => $"p95 {i + 1}"));
        header.AddRange(runs.Skip(1).Select((_, i) => $"Δ {i + 2}"));
        header.Add("SLA");
        var rows = new List<List<string>> { header };
        foreach (var variant in experiment.Variants)
        {
            foreach (var step in variant.Steps)
            {
                var row = new List<string> { variant.Name, Format.Count(step.Concurrency) };
                row.AddRange(step.Runs.Select(r => Format.Rps(r.Rps)));
                row.AddRange(step.RpsChanges.Skip(1).Select(c => c?.Text ?? "–"));
                row.AddRange(step.Runs.Select(r => r.P95Ms is { } p95 ? Format.Duration(p95) : "–"));
                row.AddRange(step.P95Changes.Skip(1).Select(c => c?.Text ?? "–"));
                row.Add(string.Concat(step.Runs.Select(r => r.MeetsSla ? "✓" : "✗")) + (step.VerdictFlipped ? " flipped" : ""));
                rows.Add(row);
            }
        }

        var widths = header.Select((_, column) => rows.Max(r => r[column].Length)).ToList();
        foreach (var row in rows)
        {
            text.Append("  ").AppendLine(string.Join("  ",
                row.Select((cell, column) => column < 1 ? cell.PadRight(widths[column]) : cell.PadLeft(widths[column]))).TrimEnd());
        }
    }

    private static void Verdicts(StringBuilder text, ExperimentComparison experiment)
    {
        var model = experiment.Model;
        var flipped = experiment.Variants.SelectMany(v => v.Flipped.Select(s => (v.Name, s))).ToList();
        text.AppendLine(flipped.Count == 0
            ? "  SLA verdicts: none flipped."
            : $"  SLA verdicts flipped: {string.Join("; ", flipped.Select(f =>
                $"{f.Name} at {model.Load(f.s.Concurrency)} "
                    + $"{string.Join(" → ", f.s.Runs.Select(r => r.MeetsSla ? "met" : "missed"))}"))}.");
        foreach (var variant in experiment.Variants)
        {
            foreach (var step in variant.Steps.Where(s => s.FlagsInOneRunOnly.Count > 0))
            {
                foreach (var flag in step.FlagsInOneRunOnly)
                {
                    text.AppendLine($"  ⚠ {variant.Name} at {model.Load(step.Concurrency)}, flagged in some runs only: {flag}");
                }
            }
        }
    }
}
