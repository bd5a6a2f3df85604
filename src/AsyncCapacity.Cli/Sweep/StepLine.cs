using System.Globalization;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Cli.Sweep;

/// <summary>The one line of progress printed when a step ends: its throughput, p95, errors, threads and verdict.</summary>
internal static class StepLine
{
    public static string Of(StepResult step, string unit = "req/s") => string.Create(CultureInfo.InvariantCulture,
        $"{step.Rps,7:0.0} {unit}   p95 {(step.P95Ms is { } p95 ? Format.Duration(p95) : "–"),8}   errors {step.ErrorRate * 100,5:0.0}%   threads {step.ThreadsAtStart?.ToString(CultureInfo.InvariantCulture) ?? "?"}→{step.ThreadsAtEnd?.ToString(CultureInfo.InvariantCulture) ?? "?"}   {(step.MeetsSla ? "meets SLA" : "misses SLA")}{(step.Flags.Count > 0 ? "  ⚠ " + step.Flags.Count + " flag(s)" : "")}");
}
