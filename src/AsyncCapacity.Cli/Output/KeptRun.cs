using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace AsyncCapacity.Cli.Output;

/// <summary>A recorded run as the docs keep it (docs/workshop/runs): its JSON as a sweep wrote it, written back with only what a
/// command meant to change changed, "≥", "µs" and "–" themselves rather than \u escapes.</summary>
internal static class KeptRun
{
    private static readonly JsonSerializerOptions Written = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static Task WriteAsync(string path, JsonNode json, CancellationToken cancellationToken) =>
        File.WriteAllTextAsync(path, json.ToJsonString(Written) + "\n", cancellationToken);
}
