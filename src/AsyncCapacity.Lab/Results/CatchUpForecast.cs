using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>When the injection laws say a load is caught up with: the pool must first hold the threads the load needs, at the
/// rate the mechanism that injects them allows (dotnet/runtime's PortableThreadPool: GateThread, Blocking, HillClimbing).</summary>
/// <param name="ThreadsNeeded">Pool threads for the SLA at this load: clients × hold ÷ SLA, or one per session.</param>
/// <param name="CaughtUpAt">Seconds under load; null where the laws say it never is within the horizon.</param>
public sealed record CatchUpForecast(PoolInjection By, int ThreadsNeeded, double? CaughtUpAt)
{
    /// <summary>Hill climbing adds at most its MaxChangePerSecond; where it is the only way up, the forecast is its earliest.</summary>
    public bool Earliest { get; init; }

    /// <summary>Where another resource caps the load below it whatever the threads: never caught up.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ResourceKind? Ceiling { get; init; }

    /// <summary>Measured ÷ predicted − 1, once the hold ran and both are known.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? ErrorPercent { get; init; }
}
