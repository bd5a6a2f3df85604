using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Report.Docs;

/// <summary>A probe's figures by the names a page's queries give them ("p95", "threads-end", "added:Starvation", …), each with the
/// unit the report writes it in.</summary>
public static class StepFigures
{
    private static readonly Dictionary<string, (Func<StepResult, RunInfo, double?> Read, FigureUnit Unit)> Fields = new()
    {
        ["rps"] = ((s, _) => s.Rps, FigureUnit.Rps),
        ["served"] = ((s, _) => s.Rps * (1 - s.ErrorRate), FigureUnit.Rps),
        ["errors"] = ((s, _) => s.ErrorRate, FigureUnit.Share),
        ["p50"] = ((s, _) => s.P50Ms, FigureUnit.Milliseconds),
        ["p95"] = ((s, _) => s.P95Ms, FigureUnit.Milliseconds),
        ["p99"] = ((s, _) => s.P99Ms, FigureUnit.Milliseconds),
        ["mean"] = ((s, _) => s.MeanMs, FigureUnit.Milliseconds),
        ["server-p50"] = ((s, _) => s.ServerP50Ms, FigureUnit.Milliseconds),
        ["threads-start"] = ((s, _) => s.ThreadsAtStart, FigureUnit.Count),
        ["threads-end"] = ((s, _) => s.ThreadsAtEnd, FigureUnit.Count),
        ["queue"] = ((s, _) => s.MaxQueueLength, FigureUnit.Count),
        ["cpu"] = ((s, _) => s.CpuPercent, FigureUnit.Percent),
        ["machine-cpu"] = ((s, _) => s.MachineCpuPercent, FigureUnit.Percent),
        ["k6-cpu"] = ((s, _) => s.LoadGeneratorCpuPercent, FigureUnit.Percent),
        ["k6-memory"] = ((s, _) => s.LoadGeneratorMemoryMb, FigureUnit.Megabytes),
        // The app's CPU per request: its share of the machine's cores over the requests it served, in ms (read as µs where small).
        ["cpu-per-request"] = ((s, run) => s.CpuPercent is { } cpu && s.Rps > 0 ? cpu / 100 * run.Cores / s.Rps * 1000 : null,
            FigureUnit.Milliseconds),
        ["clients"] = ((s, _) => s.Concurrency, FigureUnit.Count),
        ["quota-cpu"] = ((s, _) => s.CpuOfQuotaPercent, FigureUnit.Percent),
        ["throttled"] = ((s, _) => s.Throttling is { Periods: > 0 } t ? t.ThrottledShare * 100 : null, FigureUnit.Percent),
        ["unanswered"] = ((s, _) => s.Flags.Where(f => f.Kind == StepFlagKind.ClientsUnanswered).Sum(f => f.Count ?? 0),
            FigureUnit.Count),
        ["pool-threads"] = ((s, _) => s.Waits?.PoolThreads, FigureUnit.Count),
        ["blocked"] = ((s, _) => s.Waits?.Groups.Where(g => g is { Waiting: true, Pool: true }).Sum(g => g.Threads), FigureUnit.Count),
    };

    /// <summary>The field's value in the probe (null where the probe did not record it) and its unit.</summary>
    public static (double? Value, FigureUnit Unit) Of(string field, StepResult step, RunInfo run)
    {
        if (Fields.TryGetValue(field, out var known))
        {
            return (known.Read(step, run), known.Unit);
        }

        var (kind, name) = field.IndexOf(':') is var colon and > 0 ? (field[..colon], field[(colon + 1)..]) : (field, "");
        return (kind, name) switch
        {
            ("added" or "removed" or "changes", { Length: > 0 }) => (Adjusted(step, kind, name), FigureUnit.Count),
            ("in", { Length: > 0 }) => (step.Waits?.Groups.Where(g => g.Waiting && g.Call?.EndsWith(name, StringComparison.Ordinal) == true)
                .Sum(g => g.Threads), FigureUnit.Count),
            ("gauge", { Length: > 0 }) => (step.Gauge(name), FigureUnit.Number),
            _ => throw new DocsException($"no field '{field}' of a probe"),
        };
    }

    /// <summary>The pool's threads changed for one reason (Warmup, ClimbingMove, Starvation, CooperativeBlocking…): none is 0.</summary>
    private static double Adjusted(StepResult step, string kind, string reason) =>
        step.Adjustments?.TryGetValue(reason, out var totals) != true ? 0 : kind switch
        {
            "added" => totals!.ThreadsAdded,
            "removed" => totals!.ThreadsRemoved,
            _ => totals!.Count,
        };
}
