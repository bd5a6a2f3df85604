using System.Text.Json.Serialization;

namespace AsyncCapacity.Report.Search;

/// <summary>Why a probe ran: the declared steps,
/// a climb (or descent) past them, narrowing a bracket, or a repeat of one of its ends.</summary>
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
}

/// <summary>
/// How the search goes: grid walks the declared steps first and runs every repeat (the search before the laws led it);
/// laws probes the laws' predicted knee after the lightest step, stops repeats once their majority is certain, and
/// narrows below a miss the load generator may have caused.
/// </summary>
[JsonConverter(typeof(JsonStringEnumConverter<SearchStrategy>))]
public enum SearchStrategy
{
    [JsonStringEnumMemberName("grid")]
    Grid,

    [JsonStringEnumMemberName("laws")]
    Laws,
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
public sealed record ProbeOutcome(int Concurrency, bool Meets, ProbePass Pass = ProbePass.Coarse, bool LoadGeneratorBound = false);

/// <summary>How far the search goes.
/// Defaults: the precision and repeats the lab promises, a budget that keeps a sweep's time bounded.</summary>
public sealed record SearchPolicy
{
    /// <summary>The declared (or given) steps, ascending: the coarse pass.</summary>
    public required IReadOnlyList<int> Coarse { get; init; }

    /// <summary>A bracket is narrow enough when its ends are within this share of each other (or one apart).</summary>
    public double Precision { get; init; } = 0.10;

    /// <summary>
    /// The same below a miss the load generator may have caused: there k6 is as much measured as the app, so a quarter
    /// keeps the lower bound within reach of the machine's limit for about two probes from a doubling, not four.
    /// </summary>
    public double LoadGeneratorPrecision { get; init; } = 0.25;

    /// <summary>
    /// Runs at each end of the bracket. Three is the fewest in which a majority always exists and one disagreeing run
    /// shows; more would double the search's time for a split that three already reveal.
    /// </summary>
    public int Repeats { get; init; } = DefaultRepeats;

    public const int DefaultRepeats = 3;

    /// <summary>The most probes beyond the coarse pass, per variant: what bounds a sweep's time.</summary>
    public int MaxSearchProbes { get; init; } = 12;

    /// <summary>The most load the search climbs to.</summary>
    public int Ceiling { get; init; } = 20_000;

    /// <summary>False: the coarse pass only, its capacity read off the grid (--search off).</summary>
    public bool Refine { get; init; } = true;

    public SearchStrategy Strategy { get; init; } = SearchStrategy.Laws;

    /// <summary>Whether the laws lead: their knee first, repeats until decided, k6's misses narrowed.</summary>
    public bool LedByLaws => Refine && Strategy == SearchStrategy.Laws;

    /// <summary>The coarse pass stops climbing after this many misses in a row: what lies above them misses too.</summary>
    public int ConsecutiveMissesToStop { get; init; } = 2;

    /// <summary>
    /// The most a climb jumps towards the laws' latest knee in one probe: ×8 is three doublings in one, and still leaves a
    /// bracket that a few probes narrow if the knee was read too high.
    /// </summary>
    public const int MaxJump = 8;

    /// <summary>When everything tried missed, the next probe is the lowest ÷ this.</summary>
    public int DownwardDivisor { get; init; } = 8;

    /// <summary>The most probes one variant can take: the coarse pass and the search's budget (--dry-run's worst case).</summary>
    public int MaxProbes => Coarse.Count + (Refine ? MaxSearchProbes : 0);
}

public abstract record SearchMove;

/// <summary>Run this load next, on a fresh app.</summary>
/// <param name="Why">For the progress line: "between 1 and 10", "run 2 of 3 at 4".</param>
public sealed record NextProbe(int Concurrency, ProbePass Pass, string Why) : SearchMove;

/// <summary>Nothing more to probe: what was found.</summary>
public sealed record SearchDone(SearchFinding Finding) : SearchMove;

/// <summary>How many of a load's runs met the SLA.</summary>
public sealed record RunTally(int Met, int Runs);

/// <summary>
/// What the search found: the capacity (the largest load that met the SLA by the majority of its runs) and the smallest
/// that missed above it, with their runs; or a lower bound and what stopped it; or none, and why.
/// </summary>
public sealed record SearchFinding
{
    public int? Capacity { get; init; }

    public int? MissedAt { get; init; }

    public StoppedBy? AtLeastBecause { get; init; }

    public RunTally? AtCapacity { get; init; }

    public RunTally? AtMissed { get; init; }

    /// <summary>False when the probe budget ran out before the bracket was narrow: the bracket is wider than the policy asks.</summary>
    public bool Narrowed { get; init; } = true;

    public string? NoneBecause { get; init; }

    /// <summary>How the search went; null without a search (the grid only, or a run made before there was one).</summary>
    public SearchStrategy? Strategy { get; init; }

    /// <summary>The laws' predicted knee the search probed after the lightest step; null when it walked the declared steps.</summary>
    public int? PredictedKnee { get; init; }

    /// <summary>Where a miss the load generator may have caused stopped the climb: the lower bound lies just below it.</summary>
    public int? LoadGeneratorMissedAt { get; init; }

    public static SearchFinding Bracket(int capacity, int missedAt, RunTally atCapacity, RunTally atMissed, bool narrowed) =>
        new() { Capacity = capacity, MissedAt = missedAt, AtCapacity = atCapacity, AtMissed = atMissed, Narrowed = narrowed };

    public static SearchFinding AtLeast(int capacity, StoppedBy stoppedBy, RunTally atCapacity, int? loadGeneratorMissedAt = null) =>
        new() { Capacity = capacity, AtLeastBecause = stoppedBy, AtCapacity = atCapacity, LoadGeneratorMissedAt = loadGeneratorMissedAt };

    public static SearchFinding None(string because) => new() { NoneBecause = because };
}
