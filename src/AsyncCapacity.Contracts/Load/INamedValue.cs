using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Load;

/// <summary>
/// A closed set of values that each carry their own facts (a load kind, a load model): written to JSON by name, read
/// back as the one instance of that name, so that code asks the value instead of comparing strings.
/// </summary>
public interface INamedValue<TSelf>
    where TSelf : class, INamedValue<TSelf>
{
    /// <summary>The name in JSON and on the command line: "http", "closed".</summary>
    string Name { get; }

    static abstract IReadOnlyList<TSelf> All { get; }
}

public static class NamedValues
{
    /// <summary>The value of that name (any case); null when there is none.</summary>
    public static T? Find<T>(string? name)
        where T : class, INamedValue<T> =>
        T.All.FirstOrDefault(v => string.Equals(v.Name, name, StringComparison.OrdinalIgnoreCase));
}

/// <summary>Reads and writes an <see cref="INamedValue{TSelf}"/> as its name; an unknown name is refused naming the known ones.</summary>
public sealed class NamedValueJsonConverter<T> : JsonConverter<T>
    where T : class, INamedValue<T>
{
    public override T Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var name = reader.TokenType == JsonTokenType.String ? reader.GetString() : null;
        return NamedValues.Find<T>(name)
            ?? throw new JsonException($"'{name}' is not one of {string.Join(", ", T.All.Select(v => v.Name))}.");
    }

    public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options) => writer.WriteStringValue(value.Name);
}
