using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>When the injection laws say a load is caught up with: the pool must first hold the threads the load needs, at the
/// rate the mechanism that injects them allows (dotnet/runtime's PortableThreadPool: GateThread, Blocking, HillClimbing).</summary>
/// <param name="ThreadsNeeded">Pool threads for the SLA at this load: clients × hold ÷ SLA, or one per session.</param>
/// <param name="CaughtUpAt">Seconds under load; null where the laws say it never is within the horizon.</param>
public sealed record CatchUpForecast(PoolInjection By, int ThreadsNeeded, double? CaughtUpAt)
{
    /// <summary>When the pool holds the threads the load needs, by the laws: the catch-up follows it by a round and a window.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? ThreadsReadyAt { get; init; }

    /// <summary>Hill climbing adds at most its MaxChangePerSecond; where it is the only way up, the laws' forecast is its earliest.
    /// A run with <see cref="Simulated"/> never says so: the band is the forecast.</summary>
    public bool Earliest { get; init; }

    /// <summary>The pool simulated by the runtime's rules under this load (PoolForecast): when the seeded runs caught up. Where
    /// present it is the forecast, and <see cref="CaughtUpAt"/> its median (null where most runs never caught up).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CatchUpBand? Simulated { get; init; }

    /// <summary>Where another resource caps the load below it whatever the threads: never caught up.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ResourceKind? Ceiling { get; init; }

    /// <summary>(Measured − predicted) ÷ predicted, in percent, once the held load ran and both are known.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? ErrorPercent { get; init; }

    /// <summary>Where measurement and forecast part by more than the tolerance, the assumption the run broke.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ForecastMiss? Broke { get; init; }
}

/// <summary>The assumption of the forecast a held load broke, with what the held load measured instead.</summary>
/// <param name="GrowthPerSecond">The pool's threads a second while the load was behind.</param>
/// <param name="ThreadsAtCatchUp">The pool's threads when it caught up, beside the threads the forecast said it needs.</param>
/// <param name="ThreadsReadyAt">When the pool first held the threads the forecast said the load needs (null: never).</param>
public sealed record ForecastMiss(
    ForecastMissKind Kind, double? GrowthPerSecond = null, int? ThreadsAtCatchUp = null, int? ThreadsReadyAt = null);

[JsonConverter(typeof(JsonStringEnumConverter<ForecastMissKind>))]
public enum ForecastMissKind
{
    /// <summary>Hill climbing added threads slower than its most, 4 a second (or not at all).</summary>
    [JsonStringEnumMemberName("hillClimbingSlower")]
    HillClimbingSlower,

    /// <summary>The pool grew faster than the mechanism the laws named allows.</summary>
    [JsonStringEnumMemberName("grewFaster")]
    GrewFaster,

    /// <summary>The pool grew at the forecast rate, but served the load with other than the threads the forecast counted.</summary>
    [JsonStringEnumMemberName("otherThreadsNeeded")]
    OtherThreadsNeeded,

    /// <summary>The pool grew slower than cooperative blocking's delays allow (memory pressure turns it off, or the CPU).</summary>
    [JsonStringEnumMemberName("grewSlower")]
    GrewSlower,

    /// <summary>The pool held the threads the load needs when the laws said it would, but the SLA was met only later, or never:
    /// something beside the pool (the CPU, a slow start of every session at once) held the load back.</summary>
    [JsonStringEnumMemberName("servedLater")]
    ServedLater,

    /// <summary>Caught up beyond a cap the laws counted (another resource allowed more than its units say).</summary>
    [JsonStringEnumMemberName("capHigher")]
    CapHigher,
}

/// <summary>In how many runs the load was caught up with, and when: the 10th, 50th and 90th percentile of those that were.</summary>
public sealed record CatchUpBand(int Runs, int CaughtUp, double? Low, double? Median, double? High)
{
    /// <summary>Caught up in most runs: the forecast gives a time, not "never".</summary>
    [JsonIgnore]
    public bool Mostly => CaughtUp * 2 > Runs;
}
