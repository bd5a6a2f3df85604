using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

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

    /// <summary>The probe above it failed (its deadline passed, or k6 failed): what it would have said is unknown.</summary>
    [JsonStringEnumMemberName("probeFailed")]
    ProbeFailed,
}
