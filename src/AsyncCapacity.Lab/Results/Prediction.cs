using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>What the operational laws predicted for a variant and how its measured capacity compares: Load is the low end
/// of the range, <see cref="MeanLoad"/> the high end; ErrorPercent is (measured − predicted) ÷ predicted.</summary>
public sealed record Prediction(
    int Load,
    double Rps,
    ResourceBound Binding,
    IReadOnlyList<ResourceBound> Bounds,
    double ResponseMs,
    PredictionOutcome Outcome,
    double? ErrorPercent,
    PredictionReason? Reason,
    UslFit? Usl)
{
    /// <summary>The largest load whose bound on the mean response time stays within the SLA.</summary>
    public int MeanLoad { get; init; } = Load;

    public bool IsRange => MeanLoad > Load;

    public PoolGrowthBound? Grown { get; init; }

    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public double? MeasuredThreadsPerRequest { get; init; }
}

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

    public static ResourceBound Cpu(ResourceKind kind, CpuSharing? sharedBy, int cores, double cpuSeconds, int load, int meanLoad) =>
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

[JsonConverter(typeof(JsonStringEnumConverter<PredictionOutcome>))]
public enum PredictionOutcome
{
    /// <summary>Within the predicted range (or 15% of its ends), or the range inside the measured bracket.</summary>
    [JsonStringEnumMemberName("asPredicted")]
    AsPredicted,

    [JsonStringEnumMemberName("below")]
    Below,

    [JsonStringEnumMemberName("above")]
    Above,

    [JsonStringEnumMemberName("lowerBound")]
    LowerBound,
}

/// <summary>Gunther's USL: σ the contention, κ the coherency; a fit that misses (Fits false) says a hard limit bends the curve.</summary>
public sealed record UslFit(
    int Points,
    double Lambda,
    double Sigma,
    double Kappa,
    double RSquared,
    double MaxErrorPercent,
    bool Fits,
    double? PeakLoad,
    double? PeakRps,
    UslMiss? Why)
{
    /// <summary>results.json written before the choice was made used 1 ÷ X².</summary>
    public UslWeighting Weighting { get; init; } = UslWeighting.Relative;

    public double? UnweightedMissPercent { get; init; }

    /// <summary>X(N) = λN ÷ (1 + σ(N − 1) + κN(N − 1)), for the fit, the chart and the peak alike.</summary>
    public static double Throughput(double lambda, double sigma, double kappa, double n) =>
        lambda * n / (1 + (sigma * (n - 1)) + (kappa * n * (n - 1)));

    public double At(double n) => Throughput(Lambda, Sigma, Kappa, n);
}

[JsonConverter(typeof(JsonStringEnumConverter<UslWeighting>))]
public enum UslWeighting
{
    /// <summary>As R's usl and usl4j fit it: the heaviest loads weigh most.</summary>
    [JsonStringEnumMemberName("unweighted")]
    Unweighted,

    [JsonStringEnumMemberName("relative")]
    Relative,
}
