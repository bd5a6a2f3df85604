using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

public enum ParameterType
{
    [JsonStringEnumMemberName("integer")]
    WholeNumber,
    Choice,
}
