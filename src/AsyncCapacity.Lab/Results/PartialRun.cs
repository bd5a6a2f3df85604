using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <param name="Unfinished">"experiment:variant": one read off its probes so far, the rest not started.</param>
/// <param name="Error">What stopped it, in the harness's words, when it failed.</param>
public sealed record PartialRun(PartialReason Because, int Probes, IReadOnlyList<string> Unfinished, string? Error = null);

[JsonConverter(typeof(JsonStringEnumConverter<PartialReason>))]
public enum PartialReason
{
    /// <summary>Ctrl+C, SIGTERM, or a CI job's timeout.</summary>
    [JsonStringEnumMemberName("interrupted")]
    Interrupted,

    [JsonStringEnumMemberName("failed")]
    Failed,
}
