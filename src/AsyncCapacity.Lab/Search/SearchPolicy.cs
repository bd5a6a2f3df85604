namespace AsyncCapacity.Lab.Search;

public sealed record SearchPolicy
{
    public required IReadOnlyList<int> Coarse { get; init; }

    /// <summary>The knee's 90% interval is narrow enough within ±this share of the estimate (or two neighbouring loads).</summary>
    public double Precision { get; init; } = 0.10;

    /// <summary>Below a miss k6 may have caused, k6 is measured as much as the app: a quarter is near enough.</summary>
    public double LoadGeneratorPrecision { get; init; } = 0.25;

    public int MaxSearchProbes { get; init; } = DefaultSearchProbes;

    public const int DefaultSearchProbes = 10;

    public int Ceiling { get; init; } = 20_000;

    public bool Refine { get; init; } = true;

    public int? Headline { get; init; }

    public double WindowSeconds { get; init; } = 7;

    /// <summary>What one client can complete a second at best (1000 ÷ the delay in ms), in a closed loop; null: unknown, or an open
    /// model. The first probe has no throughput to size its window from but this bound.</summary>
    public double? IdealRpsPerClient { get; init; }

    public double MaxWindowSeconds => WindowSeconds * 4;

    public int ConsecutiveMissesToStop { get; init; } = 2;

    /// <summary>×8 is three doublings in one, and still leaves a bracket a few probes narrow if the laws read the knee too high.</summary>
    public const int MaxJump = 8;

    public int DownwardDivisor { get; init; } = 8;

    public int MaxProbes => Coarse.Count + (Refine ? MaxSearchProbes : 0) + (Headline is null ? 0 : 1);
}
