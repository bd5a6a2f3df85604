using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// A resource a variant holds while it serves, declared so that the operational laws can bound it: c units held H each
/// serve at most c ÷ H requests per second; held for a session, at most c clients.
/// </summary>
/// <param name="Resource">Which resource; the run counts its units (the pool's minimum, the database pool's size, the writers).</param>
/// <param name="For">How long one unit is held: a request's time in the app, or a client's whole session.</param>
public sealed record Hold(
    [property: JsonRequired, JsonConverter(typeof(HeldResourceJsonConverter))] HeldResource Resource, HoldSpan For = HoldSpan.Request)
{
    /// <summary>"threads", "dbConnections", "auditWriters": as declarations name them.</summary>
    public static IReadOnlyList<string> Names { get; } = [.. Enum.GetNames<HeldResource>().Select(JsonNamingPolicy.CamelCase.ConvertName)];

    /// <summary>The app's bounded audit writers unless a run sets <see cref="AuditWritersSetting"/> (AuditOptions uses it too).</summary>
    public const int DefaultAuditWriters = 5;

    /// <summary>The app setting, as the sweep's `--app-setting` names it, that changes the number of bounded audit writers.</summary>
    public const string AuditWritersSetting = "Audit__BoundedWriters";

    /// <summary>Entries the bounded audit log queues for its writers unless a run sets <see cref="AuditQueueSetting"/>.</summary>
    public const int DefaultAuditQueue = 10;

    public const string AuditQueueSetting = "Audit__BoundedQueueCapacity";
}

/// <summary>The resources a request can hold, each counted where the run records it.</summary>
public enum HeldResource
{
    /// <summary>A thread-pool thread, held by a blocking call while it waits; units: the pool's minimum.</summary>
    Threads,

    /// <summary>A pooled database connection; units: the pool's size (Database:MaxPoolSize, as the app reports it).</summary>
    DbConnections,

    /// <summary>A dedicated audit writer thread; units: Audit:BoundedWriters.</summary>
    AuditWriters,
}

/// <summary>How long a unit of a <see cref="Hold"/> is held.</summary>
public enum HoldSpan
{
    /// <summary>For the request's time in the app (its server time at one client).</summary>
    Request,

    /// <summary>For the client's whole session (a WebSocket connection): the resource caps clients, not a rate.</summary>
    Session,
}

/// <summary>Reads a held resource by its name only, refusing any other with the names it knows (numbers too).</summary>
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
