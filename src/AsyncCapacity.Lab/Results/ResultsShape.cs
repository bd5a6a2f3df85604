using System.Collections;
using System.Collections.Concurrent;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>
/// System.Text.Json leaves a member the file lacks null, whatever its type says. A part every reader needs (a run's
/// settings, a variant's steps) is named here at its JSON path; the optional parts are nullable, or default to empty
/// (a variant's timeline), so a file saved without them renders without them.
/// </summary>
internal static class ResultsShape
{
    private static readonly ConcurrentDictionary<Type, IReadOnlyList<Member>> Members = new();

    /// <summary>The JSON path of the first required part that is missing or null, or null when none is.</summary>
    public static string? FirstMissing(ResultsDocument document) => Missing(document, "$");

    private static string? Missing(object value, string path)
    {
        switch (value)
        {
            case string:
                return null;
            case IDictionary dictionary:
                foreach (DictionaryEntry entry in dictionary)
                {
                    if (entry.Value is { } item && Missing(item, $"{path}.{entry.Key}") is { } inner)
                    {
                        return inner;
                    }
                }

                return null;
            case IEnumerable items:
                var index = 0;
                foreach (var item in items)
                {
                    var at = $"{path}[{index++}]";
                    if ((item is null ? at : Missing(item, at)) is { } inner)
                    {
                        return inner;
                    }
                }

                return null;
        }

        foreach (var member in MembersOf(value.GetType()))
        {
            var at = $"{path}.{member.Json}";
            var read = member.Property.GetValue(value);
            var problem = read is null ? (member.Required ? at : null) : Missing(read, at);
            if (problem is not null)
            {
                return problem;
            }
        }

        return null;
    }

    private static IReadOnlyList<Member> MembersOf(Type type) => Members.GetOrAdd(type, static type =>
    {
        if (!IsWalked(type))
        {
            return [];
        }

        var nullability = new NullabilityInfoContext();
        bool Read(PropertyInfo p) =>
            p.SetMethod is not null && p.GetIndexParameters().Length == 0 && p.GetCustomAttribute<JsonIgnoreAttribute>() is null;
        bool Required(PropertyInfo p) => !p.PropertyType.IsValueType && nullability.Create(p).ReadState == NullabilityState.NotNull;
        return [.. type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(Read)
            .Select(p => new Member(p, JsonName(p), Required(p)))];
    });

    /// <summary>The lab's own records; a type read through a converter of its own (a load kind by name) is a value.</summary>
    private static bool IsWalked(Type type) =>
        type.Assembly.GetName().Name?.StartsWith("AsyncCapacity.", StringComparison.Ordinal) == true
        && !type.IsEnum
        && type.GetCustomAttribute<JsonConverterAttribute>() is null;

    private static string JsonName(PropertyInfo property) =>
        property.GetCustomAttribute<JsonPropertyNameAttribute>()?.Name ?? JsonNamingPolicy.CamelCase.ConvertName(property.Name);

    private sealed record Member(PropertyInfo Property, string Json, bool Required);
}
