using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Reads a value that older results files hold as a sentence, and writes such a value back as it was read.</summary>
public sealed class LegacyTextConverter<T>(Func<string, T> fromText, Func<T, string?> legacyText) : JsonConverter<T>
    where T : class
{
    private readonly ConditionalWeakTable<JsonSerializerOptions, JsonSerializerOptions> _withoutMe = [];

    public override T? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        reader.TokenType == JsonTokenType.String
            ? fromText(reader.GetString()!)
            : JsonSerializer.Deserialize<T>(ref reader, WithoutMe(options));

    public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options)
    {
        if (legacyText(value) is { } text)
        {
            writer.WriteStringValue(text);
        }
        else
        {
            JsonSerializer.Serialize(writer, value, WithoutMe(options));
        }
    }

    private JsonSerializerOptions WithoutMe(JsonSerializerOptions options) => _withoutMe.GetValue(options, o =>
    {
        // The data of a sentence writes only the figures its kind has.
        var copy = new JsonSerializerOptions(o) { DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull };
        copy.Converters.Remove(this);
        return copy;
    });
}
