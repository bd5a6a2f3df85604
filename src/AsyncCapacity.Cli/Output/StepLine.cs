using System.Globalization;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Cli.Output;

internal static class StepLine
{
    public static string Of(StepResult step, ExperimentTerms terms) => string.Create(CultureInfo.InvariantCulture,
        $"{step.Rps,7:0.0} {terms.Kind.RateUnit}   p95 {P95(step, terms),8}   errors {step.ErrorRate * 100,5:0.0}%   "
        + $"threads {step.ThreadsAtStart?.ToString(CultureInfo.InvariantCulture) ?? "?"}"
        + $"→{step.ThreadsAtEnd?.ToString(CultureInfo.InvariantCulture) ?? "?"}   "
        + $"{Verdict(step)}{(step.Flags.Count > 0 ? "  ⚠ " + step.Flags.Count + " flag(s)" : "")}");

    /// <summary>Near the SLA, enough digits to see which side of it ("1,024 ms" against 1 s).</summary>
    private static string P95(StepResult step, ExperimentTerms terms) => terms.Kind.LatencyResolutionMs > 0
        ? Format.Latency(step.P95Ms, terms.Kind.LatencyResolutionMs)
        : Format.Against(step.P95Ms, terms.Sla.P95Ms);

    /// <summary>As the report's step table says it, in brief.</summary>
    public static string Why(StepResult step) => RuntimeSentence.Compose(step, RuntimeDetail.Line);

    private static string Verdict(StepResult step) => step.Failed ? "failed: it measured nothing"
        : step.Thin
        ? string.Create(CultureInfo.InvariantCulture, $"not judged: {step.Requests} requests, too few for a p95")
        : step.MeetsSla ? "meets SLA" : $"misses SLA ({string.Join(", ", step.Missed.Select(SlaConditions.Describe))})";
}
