using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>Units counted as the pool's minimum, Database:MaxPoolSize and Audit:BoundedWriters.</summary>
public enum HeldResource
{
    Threads,
    DbConnections,
    AuditWriters,
}

/// <summary>By name only: a number would silently name a resource.</summary>
internal sealed class HeldResourceJsonConverter : JsonConverter<HeldResource>
{
    public override HeldResource Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var name = reader.TokenType == JsonTokenType.String ? reader.GetString() : null;
        var index = Hold.Names.ToList().IndexOf(name ?? "");
        return index >= 0 ? Enum.GetValues<HeldResource>()[index]
            : throw new JsonException(
                $"a held resource is one of {string.Join(", ", Hold.Names)}; got {(name is null ? reader.TokenType : $"'{name}'")}.");
    }

    public override void Write(Utf8JsonWriter writer, HeldResource value, JsonSerializerOptions options) =>
        writer.WriteStringValue(JsonNamingPolicy.CamelCase.ConvertName(value.ToString()));
}
