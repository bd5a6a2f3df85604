using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Load;

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
