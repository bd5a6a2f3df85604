using System.Text.Json;
using System.Text.Json.Nodes;

namespace AsyncCapacity.Cli.Import;

/// <summary>
/// A declaration drafted from imported requests: one variant per request, none marked blocking yet; the user pairs
/// them, marks the side that blocks and says why. A body that is not JSON goes into a file beside the declaration.
/// </summary>
internal static class DraftDeclaration
{
    private const string Note = ": one variant per request. Keep the pair you want to compare (two or "
        + "more variants), mark the side that holds a thread while it waits \"blocking\": true, and say in \"why\" what each "
        + "does differently. Headers' {env:NAME} are read from the environment when k6 sends them.";

    private static readonly JsonSerializerOptions Indented =
        new() { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public sealed record Draft(string Json, IReadOnlyList<(string File, string Content)> BodyFiles);

    public static Draft From(ImportedApi api, string id, string source)
    {
        var bodyFiles = new List<(string, string)>();
        var shared = SharedHeaders(api.Requests);
        var variants = new JsonArray();
        foreach (var request in api.Requests)
        {
            variants.Add(Variant(request, id, shared, bodyFiles));
        }

        var declaration = new JsonObject
        {
            ["$comment"] = $"Drafted from {source}{Note}",
            ["id"] = id,
            ["title"] = $"{id}: the app's requests",
            ["lesson"] = "What each request costs in threads and capacity, blocking beside awaited.",
            ["load"] = "http",
        };
        if (shared.Count > 0)
        {
            declaration["headers"] = Headers(shared);
        }

        declaration["variants"] = variants;
        declaration["parameters"] = new JsonArray([.. api.Parameters.Select(Parameter)]);
        declaration["steps"] = new JsonArray(1, 10, 100, 1000);
        declaration["sla"] = new JsonObject { ["p95Ms"] = 1000, ["maxErrorPercent"] = 1 };
        return new Draft(declaration.ToJsonString(Indented) + Environment.NewLine, bodyFiles);
    }

    private static JsonObject Variant(
        ImportedRequest request, string id, List<KeyValuePair<string, string>> shared, List<(string, string)> bodyFiles)
    {
        var variant = new JsonObject
        {
            ["name"] = request.Name,
            ["blocking"] = false,
            ["method"] = request.Method,
            ["route"] = request.Route,
            ["why"] = $"{request.Method} {request.Route.Split('?')[0]}",
        };
        if (request.Body is { } body)
        {
            if (TryJson(body) is { } json && IsJsonType(request.ContentType))
            {
                variant["body"] = json;
            }
            else
            {
                var file = $"{id}.{request.Name}.body";
                bodyFiles.Add((file, body));
                variant["bodyFile"] = file;
            }
        }

        if (request.ContentType is { } type && (request.Body is null || !type.StartsWith("application/json", StringComparison.Ordinal)))
        {
            variant["contentType"] = type;
        }

        if (Headers(request.Headers.Except(shared)) is { Count: > 0 } own)
        {
            variant["headers"] = own;
        }

        return variant;
    }

    private static List<KeyValuePair<string, string>> SharedHeaders(IReadOnlyList<ImportedRequest> requests) =>
        requests.Count == 0 ? [] : [.. requests[0].Headers.Where(h => requests.All(r => r.Headers.Contains(h)))];

    private static JsonObject Headers(IEnumerable<KeyValuePair<string, string>> headers) =>
        new(headers.DistinctBy(h => h.Key).Select(h => KeyValuePair.Create(h.Key, (JsonNode?)h.Value)));

    private static JsonObject Parameter(ImportedParameter parameter) => parameter.WholeNumber
        ? new JsonObject
        {
            ["name"] = parameter.Name,
            ["in"] = parameter.InPath ? "path" : "query",
            ["type"] = "integer",
            ["default"] = int.TryParse(parameter.Default, out var n) ? n : 1,
            ["description"] = parameter.Description,
        }
        : new JsonObject
        {
            ["name"] = parameter.Name,
            ["in"] = parameter.InPath ? "path" : "query",
            ["type"] = "choice",
            ["choices"] = new JsonArray(parameter.Default),
            ["default"] = parameter.Default,
            ["description"] = parameter.Description,
        };

    private static bool IsJsonType(string? contentType) =>
        contentType is null || contentType.Contains("json", StringComparison.OrdinalIgnoreCase);

    private static JsonNode? TryJson(string text)
    {
        try
        {
            return JsonNode.Parse(text);
        }
        catch (JsonException)
        {
            return null;
        }
    }
}
