using AsyncCapacity.Lab.Search;
using static System.FormattableString;

namespace AsyncCapacity.Report.Formatting;

/// <summary>Why the search chose a probe, as the sweep's progress line says it.</summary>
public static class ProbeReasonText
{
    public static string Of(ProbeReason why) => why.Kind switch
    {
        ProbeReasonKind.CoarsePass => "coarse pass",
        ProbeReasonKind.Headline => Invariant($"the experiment's headline load, {why.Load}"),
        ProbeReasonKind.PredictedKnee => Invariant($"at the laws' predicted knee, {why.Load}"),
        ProbeReasonKind.LatestKnee => Invariant($"the laws' knee from the probes so far, {why.Load}"),
        ProbeReasonKind.NothingMissedAbove => Invariant($"nothing missed yet: above {why.Load}"),
        ProbeReasonKind.EverythingMissedBelow => Invariant($"everything tried missed: below {why.Load}"),
        ProbeReasonKind.BetweenBelowLoadGenerator =>
            Invariant($"between {why.LowLoad} and {why.HighLoad}, where the load generator was the limit"),
        ProbeReasonKind.Between => Invariant($"between {why.LowLoad} and {why.HighLoad}"),
        ProbeReasonKind.TooFewToJudge => Invariant($"{why.Load} again, in a window long enough to judge it"),
        _ => Invariant($"where the outcome is least certain (the knee so far {why.Load}, 90%: {why.LowLoad}–{why.HighLoad})"),
    };
}
