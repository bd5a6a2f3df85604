using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

[JsonConverter(typeof(JsonStringEnumConverter<ProbePass>))]
public enum ProbePass
{
    [JsonStringEnumMemberName("coarse")]
    Coarse,

    [JsonStringEnumMemberName("expand")]
    Expand,

    [JsonStringEnumMemberName("narrow")]
    Narrow,

    [JsonStringEnumMemberName("repeat")]
    Repeat,

    [JsonStringEnumMemberName("headline")]
    Headline,
}

/// <summary>Estimate is the search today; grid and laws are runs made before (a majority of 3 at each end of a bracket).</summary>
[JsonConverter(typeof(JsonStringEnumConverter<SearchStrategy>))]
public enum SearchStrategy
{
    [JsonStringEnumMemberName("grid")]
    Grid,

    [JsonStringEnumMemberName("laws")]
    Laws,

    [JsonStringEnumMemberName("estimate")]
    Estimate,
}

[JsonConverter(typeof(JsonStringEnumConverter<StoppedBy>))]
public enum StoppedBy
{
    /// <summary>k6 was short of CPU: more load would measure k6, not the app.</summary>
    [JsonStringEnumMemberName("loadGenerator")]
    LoadGenerator,

    [JsonStringEnumMemberName("ceiling")]
    Ceiling,

    [JsonStringEnumMemberName("budget")]
    Budget,

    [JsonStringEnumMemberName("highestStep")]
    HighestStep,
}

public sealed record ProbeOutcome(int Concurrency, bool Meets, ProbePass Pass = ProbePass.Coarse, bool LoadGeneratorBound = false)
{
    /// <summary>Too few requests for the SLA's percentile: it steers the search, the estimate leaves it out.</summary>
    public bool Judged { get; init; } = true;

    public long? Requests { get; init; }

    public double? Seconds { get; init; }

    /// <summary>ln(p95 ÷ the SLA's p95) where the p95 decided the verdict.</summary>
    public double? Margin { get; init; }
}

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

    public double MaxWindowSeconds => WindowSeconds * 4;

    public int ConsecutiveMissesToStop { get; init; } = 2;

    /// <summary>×8 is three doublings in one, and still leaves a bracket a few probes narrow if the laws read the knee too high.</summary>
    public const int MaxJump = 8;

    public int DownwardDivisor { get; init; } = 8;

    public int MaxProbes => Coarse.Count + (Refine ? MaxSearchProbes : 0) + (Headline is null ? 0 : 1);
}

public abstract record SearchMove;

public sealed record NextProbe(int Concurrency, ProbePass Pass, ProbeReason Why, double Seconds) : SearchMove;

public sealed record SearchDone(SearchFinding Finding) : SearchMove;

public sealed record RunTally(int Met, int Runs);

public sealed record SearchFinding
{
    public int? Capacity { get; init; }

    public KneeEstimate? Estimate { get; init; }

    public StoppedBy? AtLeastBecause { get; init; }

    public bool Narrowed { get; init; } = true;

    public NoCapacityReason? NoneBecause { get; init; }

    public SearchStrategy? Strategy { get; init; }

    public int? PredictedKnee { get; init; }

    public int? LoadGeneratorMissedAt { get; init; }

    public static SearchFinding Estimated(KneeEstimate estimate, bool narrowed) =>
        new() { Capacity = estimate.Capacity, Estimate = estimate, Narrowed = narrowed };

    public static SearchFinding AtLeast(int capacity, StoppedBy stoppedBy, int? loadGeneratorMissedAt = null) =>
        new() { Capacity = capacity, AtLeastBecause = stoppedBy, LoadGeneratorMissedAt = loadGeneratorMissedAt };

    public static SearchFinding None(NoCapacityReason because) => new() { NoneBecause = because };
}
