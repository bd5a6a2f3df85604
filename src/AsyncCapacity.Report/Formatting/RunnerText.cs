using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Formatting;

/// <summary>A split probe's runners in one sentence: what each counted, its own p95 and CPU, and what the merge is.</summary>
public static class RunnerText
{
    /// <summary>"2 runners, merged exactly: 5,526 requests (2,789 + 2,737), their own p95s 637–656 ms; CPU 46% and 44% of theirs"; null
    /// for one k6.</summary>
    public static string? Of(StepResult step)
    {
        if (step.Runners is not { Count: > 0 } runners)
        {
            return null;
        }

        var p95s = runners.Select(r => r.P95Ms).OfType<double>().ToList();
        var cpus = runners.Select(r => r.CpuPercent).ToList();
        return $"{Format.Count(runners.Count)} k6 runners, merged exactly: {Format.Count(step.Requests)} requests "
            + $"({string.Join(" + ", runners.Select(r => Format.Count(r.Requests)))}), the SLA's verdict from their counts on either side "
            + "of its p95"
            + (p95s.Count > 0 ? $"; their own p95s {Format.Duration(p95s.Min())}–{Format.Duration(p95s.Max())}" : "")
            + (cpus.All(c => c is not null)
                ? $"; CPU {string.Join(", ", runners.Select(r => $"{r.Runner} {Format.Percent(r.CpuPercent)}"))} of its own"
                : "");
    }
}
