namespace AsyncCapacity.Lab.Search;

/// <summary>Why the search chose a probe, with the loads it names; the progress line says it (Report's ProbeReasonText).</summary>
public sealed record ProbeReason(ProbeReasonKind Kind, int? Load = null, int? LowLoad = null, int? HighLoad = null);

public enum ProbeReasonKind
{
    CoarsePass,
    Headline,
    PredictedKnee,
    LatestKnee,
    NothingMissedAbove,
    EverythingMissedBelow,
    BetweenBelowLoadGenerator,
    Between,
    LeastCertain,
}
