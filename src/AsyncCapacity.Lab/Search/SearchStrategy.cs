using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

/// <summary>Estimate is the search today; grid and laws are runs made before (a majority of 3 at each end of a bracket).</summary>
[JsonConverter(typeof(JsonStringEnumConverter<SearchStrategy>))]
public enum SearchStrategy
{
    [JsonStringEnumMemberName("grid")]
    Grid,

    [JsonStringEnumMemberName("laws")]
    Laws,

    [JsonStringEnumMemberName("estimate")]
    Estimate,
}
