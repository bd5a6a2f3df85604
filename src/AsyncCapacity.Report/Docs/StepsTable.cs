using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Docs;

/// <summary>Every probe of some recorded runs as one Markdown table, for the labs that ask about given loads (`--search off`): per
/// run, variant and load, what the clients got (req/s, the requests served, errors, p50 and p95), the server's p50
/// (Server-Timing), the pool's threads at the probe's start and end, and the most work items queued for the pool.</summary>
public static class StepsTable
{
    public static string Of(IReadOnlyList<(string Name, ResultsDocument Run)> runs)
    {
        var rows = new List<string>
        {
            "| run | variant | clients | req/s | served/s | errors | p50 | p95 | server p50 | pool threads | queued (max) |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        };
        foreach (var (name, run) in runs)
        {
            foreach (var variant in run.Experiments.SelectMany(e => e.Variants))
            {
                rows.AddRange(variant.Steps.OrderBy(s => s.Concurrency).ThenBy(s => s.Run).Select(step =>
                    $"| {name} | {variant.Name} | {Format.Count(step.Concurrency)} | {Format.Rps(step.Rps)} "
                    + $"| {Format.Rps(step.Rps * (1 - step.ErrorRate))} | {Format.Fraction(step.ErrorRate)} "
                    + $"| {Format.Duration(step.P50Ms)} | {Format.Duration(step.P95Ms)} | {Format.Duration(step.ServerP50Ms)} "
                    + $"| {Format.Count(step.ThreadsAtStart)} → {Format.Count(step.ThreadsAtEnd)} "
                    + $"| {Format.Count(step.MaxQueueLength)} |"));
            }
        }

        return string.Join('\n', rows) + "\n";
    }
}
