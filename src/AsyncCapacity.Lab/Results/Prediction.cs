using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>What the operational laws predicted for a variant and how its measured capacity compares.</summary>
/// <param name="Load">The low end of the predicted range at the SLA: clients (closed model) or req/s offered (open model).</param>
/// <param name="Rps">The throughput the laws allow there.</param>
/// <param name="Binding">The resource that bounds it first, also among <paramref name="Bounds"/>.</param>
/// <param name="ResponseMs">R₀: the mean response time at the lightest load measured, what a request costs with no queue.</param>
/// <param name="ErrorPercent">(measured − predicted) ÷ predicted, for a measured capacity; null for none or a lower bound.</param>
/// <param name="Reason">What broke an assumption (or what the prediction rests on); null when as predicted.</param>
/// <param name="Usl">The Universal Scalability Law fitted to the throughput curve; null in the open model.</param>
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
    /// <summary>The high end of the predicted range: the largest load whose bound on the mean response time stays within the SLA.</summary>
    public int MeanLoad { get; init; } = Load;

    public bool IsRange => MeanLoad > Load;

    /// <summary>
    /// Where pool threads bind: the threads the runtime will have injected within a probe and what they allow, read
    /// against the measured knee beside the static bound (which counts the pool's minimum); null for other bounds.
    /// </summary>
    public PoolGrowthBound? Grown { get; init; }

    /// <summary>Pool threads each request holds, when the threads' bound was predicted from the measurement because the
    /// declaration said nothing of them ("measured, not declared").</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public double? MeasuredThreadsPerRequest { get; init; }
}

/// <summary>
/// One resource's bound: c units each held H per request serve at most c ÷ H req/s (the utilization law), which within
/// the SLA allows <see cref="Load"/> to <see cref="MeanLoad"/>; held for a session, the units bound the clients.
/// </summary>
/// <param name="Name">The name a results file written when names were sentences gave it; null since (BoundText names it).</param>
/// <param name="UnitsFrom">Where the units were counted: the pool's minimum, Audit__BoundedWriters, the cores.</param>
/// <param name="HoldMs">Time one unit is held per request (the CPU's: CPU time per request); null for a session.</param>
/// <param name="MaxRps">c ÷ H: the most requests per second the resource serves; null for a session.</param>
/// <param name="Load">The largest load within the SLA's percentile: the lower end of the range.</param>
/// <param name="MeanLoad">The largest load whose bound on the mean response time stays within the SLA: the upper end.</param>
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
    /// <summary>Who shares the machine's CPU; null for any other resource.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CpuSharing? SharedBy { get; init; }

    public bool IsCpu => Resource.IsCpu;

    /// <summary>c units, each held <paramref name="holdSeconds"/> per request.</summary>
    public static ResourceBound Held(ResourceKind kind, double units, UnitsSource from, double holdSeconds, int load, int meanLoad) =>
        new(kind, null, units, from, Milliseconds.FromSeconds(holdSeconds), units / holdSeconds, load, meanLoad);

    /// <summary>c units, each held for a client's whole session: c clients at once.</summary>
    public static ResourceBound Session(ResourceKind kind, double units, UnitsSource from) =>
        new(kind, null, units, from, null, null, (int)units, (int)units);

    /// <summary>A cap on what is admitted at once (the bounded audit log's writers and queue); beyond it, 503 at once.</summary>
    public static ResourceBound Admission(int writers, int queued) =>
        new(ResourceKind.AuditAdmission, null, writers + queued,
            new(UnitsSourceKind.WritingAndQueued) { Writers = writers, Queued = queued }, null, null, writers + queued, writers + queued);

    /// <summary>Cores that each request keeps busy <paramref name="cpuSeconds"/> (its demand), shared as they serve.</summary>
    public static ResourceBound Cpu(ResourceKind kind, CpuSharing? sharedBy, int cores, double cpuSeconds, int load, int meanLoad) =>
        new(kind, null, cores, UnitsSource.Cores, Milliseconds.FromSeconds(cpuSeconds), cores / cpuSeconds, load, meanLoad)
        {
            SharedBy = sharedBy,
        };
}

/// <summary>Who shares the machine's cores when they are not isolated.</summary>
public enum CpuSharing
{
    AppAndK6,
    AppK6AndDatabase,
}

/// <summary>How a measured capacity compares with the predicted one.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<PredictionOutcome>))]
public enum PredictionOutcome
{
    /// <summary>Within the predicted range (or 15% of its ends), or the range inside the measured bracket.</summary>
    [JsonStringEnumMemberName("asPredicted")]
    AsPredicted,

    /// <summary>Measured well below the prediction: an assumption broke (<see cref="Prediction.Reason"/> says which).</summary>
    [JsonStringEnumMemberName("below")]
    Below,

    /// <summary>Measured well above the prediction: the resource was larger than counted (the pool grew).</summary>
    [JsonStringEnumMemberName("above")]
    Above,

    /// <summary>The measurement is a lower bound below the prediction: the load generator (or the search) stopped first.</summary>
    [JsonStringEnumMemberName("lowerBound")]
    LowerBound,
}

/// <summary>
/// The Universal Scalability Law (Gunther) fitted to throughput vs concurrency: σ the contention, κ the coherency. A fit
/// that misses the points (<see cref="Fits"/> false) says the curve bends for another reason: a hard limit, not contention.
/// </summary>
/// <param name="Points">The loads fitted (the median throughput at each load where the load generator kept up).</param>
/// <param name="Lambda">λ: the throughput of one client without contention, per second.</param>
/// <param name="PeakLoad">Where the fitted curve peaks, √((1 − σ) ÷ κ); null when κ is 0 (no peak: it levels off).</param>
/// <param name="PeakRps">The fitted throughput at the peak (or its ceiling λ ÷ σ without one); null for neither.</param>
/// <param name="Why">Why there is no fit or it does not fit; null when it fits.</param>
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
    /// <summary>How the points were weighted; results.json written before the choice was made used 1 ÷ X².</summary>
    public UslWeighting Weighting { get; init; } = UslWeighting.Relative;

    /// <summary>Where least squares on throughput did not fit and 1 ÷ X² weights did: how far the former missed.</summary>
    public double? UnweightedMissPercent { get; init; }

    /// <summary>The law: X(N) = λN ÷ (1 + σ(N − 1) + κN(N − 1)), for the fit, the chart and the peak alike.</summary>
    public static double Throughput(double lambda, double sigma, double kappa, double n) =>
        lambda * n / (1 + (sigma * (n - 1)) + (kappa * n * (n - 1)));

    public double At(double n) => Throughput(Lambda, Sigma, Kappa, n);
}

/// <summary>How a USL fit weights its points.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<UslWeighting>))]
public enum UslWeighting
{
    /// <summary>Least squares on throughput, as R's usl and usl4j fit it: the heaviest loads weigh most.</summary>
    [JsonStringEnumMemberName("unweighted")]
    Unweighted,

    /// <summary>Each point weighted by 1 ÷ X² (least squares on the relative error), so 2 req/s and 5,000 req/s count alike.</summary>
    [JsonStringEnumMemberName("relative")]
    Relative,
}
