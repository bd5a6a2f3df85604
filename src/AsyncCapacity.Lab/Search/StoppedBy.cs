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
}
