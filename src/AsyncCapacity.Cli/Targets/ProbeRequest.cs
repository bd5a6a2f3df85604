using System.Text.RegularExpressions;
using AsyncCapacity.Contracts.Experiments;

namespace AsyncCapacity.Cli.Targets;

/// <summary>
/// A variant's request as k6 sends it (k6-scripts/lib/shapes.js), for the one request per variant before the load: its
/// body (the declared JSON, or the file beside the declaration) with the placeholders filled as a probe's, its content
/// type and its headers with {env:NAME} read from this process's environment.
/// </summary>
internal sealed partial record ProbeRequest(string? Body, string? ContentType, IReadOnlyDictionary<string, string> Headers)
{
    public static ProbeRequest For(Experiment experiment, Variant variant, string declaration)
    {
        var (json, file) = variant.BodyIn(experiment);
        var folder = Path.GetDirectoryName(declaration)!;
        var template = file is not null ? File.ReadAllText(Path.Combine(folder, file)) : json?.GetRawText();
        var contentType = variant.ContentType ?? experiment.ContentType
            ?? (file is not null ? ByExtension(file) : template is not null ? "application/json" : null);
        var body = template?.Replace("{vu}", "probe", StringComparison.Ordinal).Replace("{iteration}", "0", StringComparison.Ordinal)
            .Replace("{step}", "probe", StringComparison.Ordinal);
        return new ProbeRequest(body, contentType, variant.HeadersIn(experiment).ToDictionary(h => h.Key, h => Secrets(h.Key, h.Value)));
    }

    /// <summary>The environment variables a declaration's headers name, which must be set before any load starts.</summary>
    public static IEnumerable<string> Unset(Experiment experiment) =>
        experiment.Variants.SelectMany(v => v.HeadersIn(experiment).Values).SelectMany(v => EnvReference().Matches(v))
            .Select(m => m.Groups[1].Value).Distinct().Where(name => Environment.GetEnvironmentVariable(name) is null);

    private static string Secrets(string header, string value) => EnvReference().Replace(value, m =>
        Environment.GetEnvironmentVariable(m.Groups[1].Value)
            ?? throw new UsageException($"header {header}: {{env:{m.Groups[1].Value}}} names {m.Groups[1].Value}, "
                + "which is not set in the environment"));

    private static string ByExtension(string file) => Path.GetExtension(file).ToLowerInvariant() switch
    {
        ".json" => "application/json",
        ".xml" => "application/xml",
        ".txt" => "text/plain",
        ".csv" => "text/csv",
        _ => "application/octet-stream",
    };

    [GeneratedRegex(@"\{env:([A-Za-z_][A-Za-z0-9_]*)\}")]
    private static partial Regex EnvReference();
}
