using System.Text.Json;
using System.Text.Json.Nodes;

namespace AsyncCapacity.Cli.Import;

/// <summary>
/// The operations of an OpenAPI 3 document in JSON (what ASP.NET Core serves at /openapi/v1.json): one request per
/// path and method, its path parameters with a value to send, a JSON body from the operation's example or else built
/// from its schema, and a bearer token or API key header (read from the environment) where the document asks for one.
/// See https://spec.openapis.org/oas/v3.1.0.
/// </summary>
internal static class OpenApiDocument
{
    private static readonly string[] Methods = ["get", "post", "put", "patch", "delete"];

    public static ImportedApi Parse(string json)
    {
        JsonNode? root;
        try
        {
            root = JsonNode.Parse(json);
        }
        catch (JsonException ex)
        {
            throw new ImportException($"not an OpenAPI document in JSON ({ex.Message}); a YAML one converts with any YAML tool");
        }

        if (root?["paths"] is not JsonObject paths || (root["openapi"] is null && root["swagger"] is null))
        {
            throw new ImportException("not an OpenAPI document: it has no \"openapi\" version and \"paths\"");
        }

        var schemas = new SchemaExamples(root);
        var parameters = new Dictionary<string, ImportedParameter>(StringComparer.Ordinal);
        var requests = new List<ImportedRequest>();
        foreach (var (path, item) in paths)
        {
            foreach (var method in Methods.Where(m => item?[m] is JsonObject))
            {
                var operation = item![method]!.AsObject();
                var route = path;
                foreach (var parameter in PathParameters(item, operation))
                {
                    var imported = Parameter(parameter, schemas);
                    route = route.Replace("{" + parameter["name"]!.GetValue<string>() + "}", "{" + imported.Name + "}",
                        StringComparison.Ordinal);
                    parameters.TryAdd(imported.Name, imported);
                }

                var name = operation["operationId"]?.GetValue<string>() ?? $"{method}-{path}";
                var (body, contentType) = Body(operation, schemas);
                requests.Add(new ImportedRequest(HttpFile.UniqueName(name, requests), method.ToUpperInvariant(), route,
                    Security(root, operation), body, contentType));
            }
        }

        return new ImportedApi(requests, [.. parameters.Values]);
    }

    private static IEnumerable<JsonObject> PathParameters(JsonNode item, JsonObject operation) =>
        (item["parameters"]?.AsArray() ?? []).Concat(operation["parameters"]?.AsArray() ?? [])
            .OfType<JsonObject>().Where(p => p["in"]?.GetValue<string>() == "path"
                || (p["in"]?.GetValue<string>() == "query"
                    && (p["required"]?.GetValue<bool>() == true || p["schema"]?["default"] is not null)))
            .DistinctBy(p => p["name"]?.GetValue<string>());

    private static ImportedParameter Parameter(JsonObject parameter, SchemaExamples schemas)
    {
        var schema = schemas.Resolve(parameter["schema"]);
        var types = schema?["type"] is JsonArray array ? array.Select(t => t?.ToString()) : [schema?["type"]?.ToString()];
        var wholeNumber = types.Any(t => t is "integer" or "number");
        var value = (parameter["example"] ?? schema?["example"] ?? schema?["default"])?.ToString() ?? "1";
        var name = HttpFile.Slug(parameter["name"]!.GetValue<string>()).Replace("-", "", StringComparison.Ordinal);
        var path = parameter["in"]?.GetValue<string>() == "path";
        var description = parameter["description"]?.ToString() ?? (path ? $"the path's {{{parameter["name"]}}}" : $"the query's {name}");
        return new ImportedParameter(name, wholeNumber, value, description, path);
    }

    private static (string? Body, string? ContentType) Body(JsonObject operation, SchemaExamples schemas)
    {
        if (operation["requestBody"]?["content"] is not JsonObject content || content.Count == 0)
        {
            return (null, null);
        }

        var (type, media) = content.FirstOrDefault(c => c.Key.Contains("json", StringComparison.OrdinalIgnoreCase)) is
        { Value: not null } json ? json : content.First();
        var example = media?["example"] ?? (media?["examples"] as JsonObject)?.FirstOrDefault().Value?["value"]
            ?? schemas.Example(media?["schema"]);
        return (example?.ToJsonString(), type);
    }

    /// <summary>The header a bearer token or an API key goes in, its value named as an environment variable.</summary>
    private static List<KeyValuePair<string, string>> Security(JsonNode root, JsonObject operation)
    {
        var required = (operation["security"] ?? root["security"])?.AsArray().OfType<JsonObject>()
            .SelectMany(s => s.Select(p => p.Key)).ToHashSet() ?? [];
        var headers = new List<KeyValuePair<string, string>>();
        foreach (var (name, scheme) in root["components"]?["securitySchemes"]?.AsObject() ?? [])
        {
            if (!required.Contains(name) || scheme is null)
            {
                continue;
            }

            if (scheme["type"]?.ToString() == "http" && scheme["scheme"]?.ToString() is { } http
                && http.Equals("bearer", StringComparison.OrdinalIgnoreCase))
            {
                headers.Add(new("Authorization", "Bearer {env:API_TOKEN}"));
            }
            else if (scheme["type"]?.ToString() == "apiKey" && scheme["in"]?.ToString() == "header")
            {
                headers.Add(new(scheme["name"]!.ToString(), "{env:API_KEY}"));
            }
        }

        return headers;
    }
}
