using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>results.json stores its id; the card and the CLI say its name.</summary>
[JsonConverter(typeof(ResourceKindJsonConverter))]
public sealed record ResourceKind(string Id, string Name, string Unit, string Units)
{
    public static readonly ResourceKind Threads = new("threads", "pool threads", "thread", "threads");

    public static readonly ResourceKind DbConnections = new("dbConnections", "the connection pool", "connection", "connections");

    public static readonly ResourceKind AuditWriters = new("auditWriters", "the audit writers", "writer", "writers");

    public static readonly ResourceKind AuditAdmission = new("auditAdmission", "the audit hand-off", "entry", "entries");

    public static readonly ResourceKind Cpu = new("cpu", "the app's CPU", "core", "cores");

    public static readonly ResourceKind MachineCpu = new("machineCpu", "the machine's CPU", "core", "cores");

    public static IReadOnlyList<ResourceKind> All { get; } = [Threads, DbConnections, AuditWriters, AuditAdmission, Cpu, MachineCpu];

    public bool IsCpu => this == Cpu || this == MachineCpu;

    /// <summary>Declarations are checked at load, so every defined resource has a kind.</summary>
    public static ResourceKind Of(HeldResource resource) => resource switch
    {
        HeldResource.Threads => Threads,
        HeldResource.DbConnections => DbConnections,
        HeldResource.AuditWriters => AuditWriters,
        _ => throw new ArgumentOutOfRangeException(nameof(resource), resource, "no such held resource; the declaration's rules refuse it"),
    };

    public string Noun(double units) => units == 1 ? Unit : Units;
}

/// <summary>Reads a kind back as the one instance, so results.json keeps its strings.</summary>
internal sealed class ResourceKindJsonConverter : JsonConverter<ResourceKind>
{
    public override ResourceKind Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var id = reader.GetString();
        return ResourceKind.All.FirstOrDefault(k => k.Id == id)
            ?? throw new JsonException($"'{id}' is no resource the laws know ({string.Join(", ", ResourceKind.All.Select(k => k.Id))}).");
    }

    public override void Write(Utf8JsonWriter writer, ResourceKind value, JsonSerializerOptions options) =>
        writer.WriteStringValue(value.Id);
}
