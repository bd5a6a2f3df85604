namespace AsyncCapacity.Lab.Search;

/// <summary>Why no load met the SLA: its kind and the loads (or requests) it names; Report's NoCapacityText says it.</summary>
public sealed record NoCapacityReason(NoCapacityKind Kind)
{
    /// <summary>The lowest load tried, or the requests completed at 1.</summary>
    public long? Count { get; init; }

    /// <summary>The knee's 90% interval, when it lies below 1.</summary>
    public int? LowLoad { get; init; }

    public int? HighLoad { get; init; }

    /// <summary>A reason read from a results file written when reasons were sentences.</summary>
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
}
