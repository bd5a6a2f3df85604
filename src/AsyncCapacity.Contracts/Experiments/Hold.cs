using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// Declared so that the operational laws can bound it: c units held H each serve at most c ÷ H requests per second;
/// held for a session, at most c clients.
/// </summary>
public sealed record Hold(
    [property: JsonRequired, JsonConverter(typeof(HeldResourceJsonConverter))] HeldResource Resource, HoldSpan For = HoldSpan.Request)
{
    public static IReadOnlyList<string> Names { get; } = [.. Enum.GetNames<HeldResource>().Select(JsonNamingPolicy.CamelCase.ConvertName)];

    public const int DefaultAuditWriters = 5;

    public const string AuditWritersSetting = "Audit__BoundedWriters";

    public const int DefaultAuditQueue = 10;

    public const string AuditQueueSetting = "Audit__BoundedQueueCapacity";
}

/// <summary>Units counted as the pool's minimum, Database:MaxPoolSize and Audit:BoundedWriters.</summary>
public enum HeldResource
{
    Threads,
    DbConnections,
    AuditWriters,
}

public enum HoldSpan
{
    Request,
    Session,
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
