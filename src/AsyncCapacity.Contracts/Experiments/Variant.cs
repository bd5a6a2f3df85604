using System.Text.Json;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// <c>Holds</c> lists what a request or session holds beyond the CPU (which every variant uses and the run measures),
/// for the laws' bounds. Its own body, bodyFile, contentType and headers override the experiment's.
/// </summary>
public sealed record Variant(
    string Name, bool Blocking, string Method, string Route, string Why, IReadOnlyList<Hold>? Holds = null,
    JsonElement? Body = null, string? BodyFile = null, string? ContentType = null, IReadOnlyDictionary<string, string>? Headers = null)
{
    public (JsonElement? Body, string? BodyFile) BodyIn(Experiment experiment) =>
        Body is not null || BodyFile is not null ? (Body, BodyFile) : (experiment.Body, experiment.BodyFile);

    public IReadOnlyDictionary<string, string> HeadersIn(Experiment experiment) =>
        (experiment.Headers ?? new Dictionary<string, string>()).Concat(Headers ?? new Dictionary<string, string>())
            .GroupBy(h => h.Key, StringComparer.OrdinalIgnoreCase).ToDictionary(g => g.Key, g => g.Last().Value);
}
