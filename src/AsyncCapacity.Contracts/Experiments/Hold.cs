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

public enum HoldSpan
{
    Request,
    Session,
}
