namespace AsyncCapacity.Lab.Results;

public sealed record UslMiss(UslMissKind Kind)
{
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
