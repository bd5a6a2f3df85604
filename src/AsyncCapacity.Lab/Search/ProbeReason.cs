namespace AsyncCapacity.Lab.Search;

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
    TooFewToJudge,
    LeastCertain,
}
