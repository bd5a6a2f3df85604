using AsyncCapacity.Lab.Search;
using static System.FormattableString;

namespace AsyncCapacity.Report.Formatting;

/// <summary>Why no load met the SLA, as the card, the summary and the verdict say it.</summary>
public static class NoCapacityText
{
    public static string? Of(NoCapacityReason? reason) => reason?.Kind switch
    {
        null => null,
        NoCapacityKind.NoStepMet => "no step met the SLA",
        NoCapacityKind.LoadGeneratorEverywhere => "the load generator was the limit at every step tried",
        NoCapacityKind.MissedAtOne => "even 1 missed it",
        NoCapacityKind.TooFewToJudgeAtOne => Invariant($"no load tried had enough requests to judge: {reason.Count} at 1"),
        NoCapacityKind.MissedBeforeBudgetRanOut =>
            Invariant($"every load tried missed, down to {reason.Count}, before the probe budget ran out"),
        NoCapacityKind.MissedOnGrid => Invariant($"every step missed, down to {reason.Count} (the grid only: --search off)"),
        NoCapacityKind.ProbesFailed => "every probe failed (see its step's flags)",
        NoCapacityKind.KneeBelowOne => Invariant($"the knee lies below 1 (90%: {reason.LowLoad}–{reason.HighLoad})"),
        _ => reason.Text,
    };
}
