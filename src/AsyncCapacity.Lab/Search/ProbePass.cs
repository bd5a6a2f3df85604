using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

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
