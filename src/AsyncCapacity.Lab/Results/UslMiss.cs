namespace AsyncCapacity.Lab.Results;

/// <summary>Why there is no USL fit or it does not fit, with its figures; Report's UslMissText says it.</summary>
public sealed record UslMiss(UslMissKind Kind)
{
    /// <summary>The loads fitted, and those left out where k6 was short of CPU.</summary>
    public int? Points { get; init; }

    public int? LeftOut { get; init; }

    public int? Needed { get; init; }

    /// <summary>The optimiser's own message, or a reason read from a file written when reasons were sentences.</summary>
    public string? Text { get; init; }

    public static UslMiss Legacy(string text) => new(UslMissKind.Legacy) { Text = text };
}

public enum UslMissKind
{
    Legacy,
    TooFewLoads,
    DidNotConverge,
    BendsSharply,
}
