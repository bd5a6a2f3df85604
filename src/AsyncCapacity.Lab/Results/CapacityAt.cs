using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>The capacity after a time under load from a cold app: the largest load caught up with by then. Low is the largest load
/// seen caught up by then, High the largest below the smallest seen still behind (null: none was); Capacity reads between them.</summary>
public sealed record CapacityAt(double Seconds, int Capacity, int Low, int? High, CurveSource From)
{
    [JsonIgnore]
    public bool AtLeast => High is null;

    /// <summary>What the injection laws give for the same time, beside the measurement.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Predicted { get; init; }
}

[JsonConverter(typeof(JsonStringEnumConverter<CurveSource>))]
public enum CurveSource
{
    /// <summary>The knee the short probes estimated, at their horizon.</summary>
    [JsonStringEnumMemberName("probes")]
    Probes,

    /// <summary>Read between the held loads' catch-up times.</summary>
    [JsonStringEnumMemberName("holds")]
    Holds,
}
