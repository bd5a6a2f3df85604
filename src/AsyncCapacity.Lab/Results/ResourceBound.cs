using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>One resource's bound: c units each held H per request serve at most c ÷ H req/s (the utilization law); held for a
/// session, the units bound the clients. Name is only in results files written when names were sentences.</summary>
public sealed record ResourceBound(
    ResourceKind Resource,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Name,
    double Units,
    UnitsSource UnitsFrom,
    double? HoldMs,
    double? MaxRps,
    int Load,
    int MeanLoad)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CpuSharing? SharedBy { get; init; }

    public bool IsCpu => Resource.IsCpu;

    public static ResourceBound Held(ResourceKind kind, double units, UnitsSource from, double holdSeconds, int load, int meanLoad) =>
        new(kind, null, units, from, Milliseconds.FromSeconds(holdSeconds), units / holdSeconds, load, meanLoad);

    public static ResourceBound Session(ResourceKind kind, double units, UnitsSource from) =>
        new(kind, null, units, from, null, null, (int)units, (int)units);

    public static ResourceBound Admission(int writers, int queued) =>
        new(ResourceKind.AuditAdmission, null, writers + queued,
            new(UnitsSourceKind.WritingAndQueued) { Writers = writers, Queued = queued }, null, null, writers + queued, writers + queued);

    public static ResourceBound Cpu(ResourceKind kind, CpuSharing? sharedBy, double cores, double cpuSeconds, int load, int meanLoad) =>
        new(kind, null, cores, UnitsSource.Cores, Milliseconds.FromSeconds(cpuSeconds), cores / cpuSeconds, load, meanLoad)
        {
            SharedBy = sharedBy,
        };
}

public enum CpuSharing
{
    AppAndK6,
    AppK6AndDatabase,
}
