using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

[JsonConverter(typeof(JsonStringEnumConverter<PoolInjection>))]
public enum PoolInjection
{
    /// <summary>Any blocking call (Thread.Sleep, a sync socket read, a lock): the gate thread's starvation check.</summary>
    [JsonStringEnumMemberName("starvation")]
    Starvation,

    /// <summary>Sync-over-async on a Task (.Result, .Wait(), GetAwaiter().GetResult()) tells the pool: threads at once.</summary>
    [JsonStringEnumMemberName("cooperativeBlocking")]
    CooperativeBlocking,

    /// <summary>Neither fires (a blocked thread frees often enough for the gate, and nothing tells the pool it waits): only hill
    /// climbing's moves, once it has samples enough.</summary>
    [JsonStringEnumMemberName("hillClimbing")]
    HillClimbing,
}

/// <summary>Hill climbing's share is not predicted, only bounded.</summary>
public sealed record PoolGrowthBound(
    PoolInjection By, int MinThreads, int ThreadsAtWindowStart, int ThreadsAtWindowEnd, int Low, int High, int HillClimbingCeiling)
{
    public double? ErrorPercent { get; init; }

    public PredictionReason? Broke { get; init; }

    public bool IsRange => High > Low;
}
