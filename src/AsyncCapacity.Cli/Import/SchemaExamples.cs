using System.Text.Json.Nodes;

namespace AsyncCapacity.Cli.Import;

/// <summary>A value a JSON schema accepts, for a body the document gives no example of: its example, its first enum
/// value, or each property's, a few levels deep ($ref into #/components/schemas followed).</summary>
internal sealed class SchemaExamples(JsonNode root)
{
    private const int MaxDepth = 4;

    public JsonNode? Resolve(JsonNode? schema, int hops = 0)
    {
        while (schema?["$ref"]?.ToString() is { } reference && reference.StartsWith("#/", StringComparison.Ordinal) && hops++ < 16)
        {
            schema = reference[2..].Split('/').Aggregate((JsonNode?)root, (node, key) => node?[key.Replace("~1", "/")]);
        }

        return schema;
    }

    public JsonNode? Example(JsonNode? schema, int depth = 0)
    {
        schema = Resolve(schema);
        if (schema is null || depth > MaxDepth)
        {
            return null;
        }

        if ((schema["example"] ?? schema["default"] ?? (schema["enum"] as JsonArray)?.FirstOrDefault()) is { } given)
        {
            return given.DeepClone();
        }

        if ((schema["allOf"] ?? schema["oneOf"] ?? schema["anyOf"]) is JsonArray choices && choices.Count > 0)
        {
            return Example(choices[0], depth + 1);
        }

        var type = schema["type"] is JsonArray types ? types.FirstOrDefault(t => t?.ToString() != "null")?.ToString()
            : schema["type"]?.ToString();
        return (type ?? (schema["properties"] is not null ? "object" : null)) switch
        {
            "object" => new JsonObject((schema["properties"]?.AsObject() ?? [])
                .Select(p => KeyValuePair.Create(p.Key, Example(p.Value, depth + 1)))),
            "array" => new JsonArray(Example(schema["items"], depth + 1)),
            "integer" or "number" => JsonValue.Create(schema["minimum"]?.GetValue<double>() is { } min ? (int)min : 1),
            "boolean" => JsonValue.Create(false),
            "string" => JsonValue.Create(schema["format"]?.ToString() switch
            {
                "date-time" => "2026-01-01T00:00:00Z",
                "date" => "2026-01-01",
                "uuid" => "00000000-0000-0000-0000-000000000001",
                "email" => "someone@example.com",
                _ => "string",
            }),
            _ => null,
        };
    }
}
