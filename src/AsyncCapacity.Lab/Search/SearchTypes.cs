using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

/// <summary>Why a probe ran: the declared steps, a climb (or descent) past them, narrowing the knee's interval, a run
/// again with a longer window (or, in runs before the estimate, a repeat at a bracket's end), or the experiment's headline.</summary>
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

/// <summary>
/// How the search went. Estimate: the laws' knee first, then probes where the knee's interval shrinks most, the capacity
/// estimated from all of them. Grid and laws are runs made before (a majority of 3 at each end of a bracket): still read.
/// </summary>
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

/// <summary>What a lower bound's search stopped at.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<StoppedBy>))]
public enum StoppedBy
{
    /// <summary>k6 was the limit (short of CPU): more load would measure k6, not the app.</summary>
    [JsonStringEnumMemberName("loadGenerator")]
    LoadGenerator,

    [JsonStringEnumMemberName("ceiling")]
    Ceiling,

    [JsonStringEnumMemberName("budget")]
    Budget,

    /// <summary>No search was asked for (--search off, or a run made before there was one): the grid's top met.</summary>
    [JsonStringEnumMemberName("highestStep")]
    HighestStep,
}

/// <summary>One probe's outcome as the search reads it: its load, the SLA's verdict, and whether k6 was the limit.</summary>
public sealed record ProbeOutcome(int Concurrency, bool Meets, ProbePass Pass = ProbePass.Coarse, bool LoadGeneratorBound = false)
{
    /// <summary>False when too few requests completed for the SLA's percentile: it steers the search, the estimate leaves it out.</summary>
    public bool Judged { get; init; } = true;

    /// <summary>Requests (or round trips) completed in the measured window, and its length: what the next window is sized by.</summary>
    public long? Requests { get; init; }

    public double? Seconds { get; init; }

    /// <summary>ln(p95 ÷ the SLA's p95) where the p95 decided the verdict; null where another condition did, or none.</summary>
    public double? Margin { get; init; }
}

/// <summary>How far the search goes.
/// Defaults: the precision the lab promises, a budget that keeps a sweep's time bounded.</summary>
public sealed record SearchPolicy
{
    /// <summary>The declared (or given) steps, ascending: the coarse pass.</summary>
    public required IReadOnlyList<int> Coarse { get; init; }

    /// <summary>The knee's 90% interval is narrow enough within ±this share of the estimate (or two neighbouring loads).</summary>
    public double Precision { get; init; } = 0.10;

    /// <summary>
    /// The bracket below a miss the load generator may have caused is narrow enough within this share: there k6 is as much
    /// measured as the app, so a quarter keeps the lower bound within reach of the machine's limit in about two probes.
    /// </summary>
    public double LoadGeneratorPrecision { get; init; } = 0.25;

    /// <summary>The most probes beyond the coarse pass, per variant: what bounds a sweep's time.</summary>
    public int MaxSearchProbes { get; init; } = DefaultSearchProbes;

    public const int DefaultSearchProbes = 10;

    /// <summary>The most load the search climbs to.</summary>
    public int Ceiling { get; init; } = 20_000;

    /// <summary>False: the coarse pass only, its capacity estimated from those probes (--search off).</summary>
    public bool Refine { get; init; } = true;

    /// <summary>A load the experiment's claim rests on (C10k: 10,000 connections): probed once in every run, whatever the knee.</summary>
    public int? Headline { get; init; }

    /// <summary>The measured window a probe gets, and the longest it is stretched to so that enough requests complete.</summary>
    public double WindowSeconds { get; init; } = 7;

    public double MaxWindowSeconds => WindowSeconds * 4;

    /// <summary>The coarse pass stops climbing after this many misses in a row: what lies above them misses too.</summary>
    public int ConsecutiveMissesToStop { get; init; } = 2;

    /// <summary>
    /// The most a climb jumps towards the laws' latest knee in one probe: ×8 is three doublings in one, and still leaves a
    /// bracket that a few probes narrow if the knee was read too high.
    /// </summary>
    public const int MaxJump = 8;

    /// <summary>When everything tried missed, the next probe is the lowest ÷ this.</summary>
    public int DownwardDivisor { get; init; } = 8;

    /// <summary>
    /// The most probes one variant can take: the coarse pass, the search's budget, a run again for each probe too thin to
    /// judge, and the headline (--dry-run's worst case).
    /// </summary>
    public int MaxProbes => Coarse.Count + (Refine ? MaxSearchProbes : 0) + (Headline is null ? 0 : 1);
}

public abstract record SearchMove;

/// <summary>Run this load next, on a fresh app, for <paramref name="Seconds"/> measured.</summary>
public sealed record NextProbe(int Concurrency, ProbePass Pass, ProbeReason Why, double Seconds) : SearchMove;

/// <summary>Nothing more to probe: what was found.</summary>
public sealed record SearchDone(SearchFinding Finding) : SearchMove;

/// <summary>How many of a load's runs met the SLA.</summary>
public sealed record RunTally(int Met, int Runs);

/// <summary>
/// What the search found: the knee estimated from every judged probe, with its 90% interval; or a lower bound and what
/// stopped it; or none, and why.
/// </summary>
public sealed record SearchFinding
{
    public int? Capacity { get; init; }

    public KneeEstimate? Estimate { get; init; }

    public StoppedBy? AtLeastBecause { get; init; }

    /// <summary>False when the probe budget ran out before the interval was as narrow as the policy asks.</summary>
    public bool Narrowed { get; init; } = true;

    public NoCapacityReason? NoneBecause { get; init; }

    /// <summary>How the search went; null without a search (the grid only).</summary>
    public SearchStrategy? Strategy { get; init; }

    /// <summary>The laws' predicted knee the search probed after the lightest step; null when it walked the declared steps.</summary>
    public int? PredictedKnee { get; init; }

    /// <summary>Where a miss the load generator may have caused stopped the climb: the lower bound lies just below it.</summary>
    public int? LoadGeneratorMissedAt { get; init; }

    public static SearchFinding Estimated(KneeEstimate estimate, bool narrowed) =>
        new() { Capacity = estimate.Capacity, Estimate = estimate, Narrowed = narrowed };

    public static SearchFinding AtLeast(int capacity, StoppedBy stoppedBy, int? loadGeneratorMissedAt = null) =>
        new() { Capacity = capacity, AtLeastBecause = stoppedBy, LoadGeneratorMissedAt = loadGeneratorMissedAt };

    public static SearchFinding None(NoCapacityReason because) => new() { NoneBecause = because };
}
