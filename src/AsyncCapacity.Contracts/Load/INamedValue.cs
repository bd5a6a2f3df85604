using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Load;

/// <summary>Written by name, read back as the one instance of that name: code asks the value instead of comparing strings.</summary>
public interface INamedValue<TSelf>
    where TSelf : class, INamedValue<TSelf>
{
    string Name { get; }

    static abstract IReadOnlyList<TSelf> All { get; }
}

public static class NamedValues
{
    public static T? Find<T>(string? name)
        where T : class, INamedValue<T> =>
        T.All.FirstOrDefault(v => string.Equals(v.Name, name, StringComparison.OrdinalIgnoreCase));
}

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
