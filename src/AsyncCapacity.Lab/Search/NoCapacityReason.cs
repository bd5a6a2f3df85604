namespace AsyncCapacity.Lab.Search;

public sealed record NoCapacityReason(NoCapacityKind Kind)
{
    /// <summary>The lowest load tried, or the requests completed at 1.</summary>
    public long? Count { get; init; }

    public int? LowLoad { get; init; }

    public int? HighLoad { get; init; }

    public string? Text { get; init; }

    public static NoCapacityReason Legacy(string text) => new(NoCapacityKind.Legacy) { Text = text };
}

public enum NoCapacityKind
{
    Legacy,
    NoStepMet,
    LoadGeneratorEverywhere,
    MissedAtOne,
    TooFewToJudgeAtOne,
    MissedBeforeBudgetRanOut,
    MissedOnGrid,
    KneeBelowOne,
    ProbesFailed,
}
