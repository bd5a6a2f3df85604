using System.Collections;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>Read off the records a declaration is deserialized into, so a mistake is named at its JSON path first.</summary>
internal static class DeclarationShape
{
    private static readonly string[] Annotations = ["$schema", "$comment"];

    internal static readonly string[] EmptyWhenMissing = ["parameters", "order"];

    public static void Check(JsonElement element, Type type, string path, List<DeclarationProblem> problems)
    {
        if (type == typeof(JsonElement?))
        {
            return; // a body: any JSON value
        }

        type = Nullable.GetUnderlyingType(type) ?? type;
        if (Scalar(element, type) is { } scalar)
        {
            Expect(scalar.Holds, scalar.Expected);
        }
        else if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IReadOnlyDictionary<,>))
        {
            if (Expect(element.ValueKind == JsonValueKind.Object, "an object whose values are strings"))
            {
                foreach (var property in element.EnumerateObject())
                {
                    Check(property.Value, type.GetGenericArguments()[1], $"{path}.{property.Name}", problems);
                }
            }
        }
        else if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IReadOnlyList<>))
        {
            if (Expect(element.ValueKind == JsonValueKind.Array, "an array"))
            {
                var index = 0;
                foreach (var item in element.EnumerateArray())
                {
                    Check(item, type.GetGenericArguments()[0], $"{path}[{index++}]", problems);
                }
            }
        }
        else if (Expect(element.ValueKind == JsonValueKind.Object, "an object"))
        {
            CheckObject(element, type, path, problems);
        }

        bool Expect(bool holds, string expected)
        {
            if (!holds)
            {
                problems.Add(new DeclarationProblem(path, expected, Shown(element)));
            }

            return holds;
        }
    }

    private static (bool Holds, string Expected)? Scalar(JsonElement element, Type type) =>
        Names(type) is { } names
            ? (element.ValueKind == JsonValueKind.String && names.Contains(element.GetString()), $"one of {string.Join(", ", names)}")
            : type == typeof(string) ? (element.ValueKind == JsonValueKind.String, "a string")
            : type == typeof(bool) ? (element.ValueKind is JsonValueKind.True or JsonValueKind.False, "true or false")
            : type == typeof(int) ? (element.ValueKind == JsonValueKind.Number && element.TryGetInt32(out _), "a whole number")
            : type == typeof(double) ? (element.ValueKind == JsonValueKind.Number, "a number")
            : type == typeof(JsonElement) ? (element.ValueKind is JsonValueKind.Number or JsonValueKind.String, "a number or a string")
            : null;

    private static void CheckObject(JsonElement element, Type type, string path, List<DeclarationProblem> problems)
    {
        var members = type.GetConstructors().OrderByDescending(c => c.GetParameters().Length).First().GetParameters()
            .Select(p => (Json: JsonName(type, p), Parameter: p))
            .ToList();
        foreach (var (json, parameter) in members)
        {
            if (element.TryGetProperty(json, out var value))
            {
                Check(value, parameter.ParameterType, $"{path}.{json}", problems);
            }
            else if (!parameter.HasDefaultValue && !EmptyWhenMissing.Contains(json))
            {
                problems.Add(new DeclarationProblem(path, $"a property \"{json}\""));
            }
        }

        foreach (var property in element.EnumerateObject().Where(p => !Annotations.Contains(p.Name) && members.All(m => m.Json != p.Name)))
        {
            var known = string.Join(", ", members.Select(m => m.Json));
            problems.Add(new DeclarationProblem($"{path}.{property.Name}", $"no such property (an object here takes {known})", "a value"));
        }
    }

    private static string JsonName(Type type, ParameterInfo parameter) =>
        type.GetProperty(parameter.Name!)?.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name
            ?? JsonNamingPolicy.CamelCase.ConvertName(parameter.Name!);

    private static string[]? Names(Type type)
    {
        IEnumerable? values = type.IsEnum ? Enum.GetValues(type)
            : type.GetCustomAttribute<JsonConverterAttribute>() is not null ? type.GetProperty("All")?.GetValue(null) as IEnumerable
            : null;
        return values?.Cast<object>().Select(v => JsonSerializer.Serialize(v, type, WireJson.Options).Trim('"')).ToArray();
    }

    private static string Shown(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.Object => "an object",
        JsonValueKind.Array => "an array",
        JsonValueKind.String => DeclarationProblem.Quoted(element.GetString()),
        _ => UserInput.Shown(element.GetRawText()),
    };
}
