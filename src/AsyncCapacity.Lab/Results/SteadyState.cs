using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Where the pool stood at the heaviest load held: it caught up with every load, it was still growing at a rate, or it
/// stopped short, with what bound it. Load is the load read; the figures are the app's at that hold's end.</summary>
public sealed record SteadyState(SteadyKind Kind, int Load, int? Threads, double? WorkingSetMb, double? CpuPercent)
{
    /// <summary>Threads a second over the held load's last span; positive while the pool still grows.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? GrowthPerSecond { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? ThreadsNeeded { get; init; }

    /// <summary>At the growth rate read, the seconds more the load still needed; null where it does not grow.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? SecondsMore { get; init; }

    /// <summary>What stopped the pool short of the load, where the run says: another held resource, or the CPU.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ResourceKind? BoundBy { get; init; }
}

[JsonConverter(typeof(JsonStringEnumConverter<SteadyKind>))]
public enum SteadyKind
{
    [JsonStringEnumMemberName("caughtUp")]
    CaughtUp,

    [JsonStringEnumMemberName("growing")]
    Growing,

    [JsonStringEnumMemberName("stopped")]
    Stopped,

    /// <summary>The pool held the threads the load needs, yet the SLA was missed: the pool no longer bound it.</summary>
    [JsonStringEnumMemberName("sufficed")]
    Sufficed,
}
