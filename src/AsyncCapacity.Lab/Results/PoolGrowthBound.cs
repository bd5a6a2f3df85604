using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>How the pool adds threads while its threads block: the two ways the runtime compensates.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<PoolInjection>))]
public enum PoolInjection
{
    /// <summary>The gate thread's starvation check: any blocking call (Thread.Sleep, a sync socket read, a lock).</summary>
    [JsonStringEnumMemberName("starvation")]
    Starvation,

    /// <summary>Sync-over-async on a Task (.Result, .Wait(), GetAwaiter().GetResult()) tells the pool: threads at once.</summary>
    [JsonStringEnumMemberName("cooperativeBlocking")]
    CooperativeBlocking,
}

/// <summary>
/// What the grown pool allows within a probe: its threads when the measured window starts and ends, the clients those
/// allow (at the start judged as the static bound is, requests in lockstep; at the end by the mean), and the most threads
/// hill climbing could have added on top (not predicted, only bounded).
/// </summary>
public sealed record PoolGrowthBound(
    PoolInjection By, int MinThreads, int ThreadsAtWindowStart, int ThreadsAtWindowEnd, int Low, int High, int HillClimbingCeiling)
{
    /// <summary>(measured − the nearer end of Low–High) ÷ that end, for a measured knee; null for none or a lower bound.</summary>
    public double? ErrorPercent { get; init; }

    /// <summary>What the law did not count, when the measured knee is further than its tolerance from Low–High.</summary>
    public PredictionReason? Broke { get; init; }

    public bool IsRange => High > Low;
}
