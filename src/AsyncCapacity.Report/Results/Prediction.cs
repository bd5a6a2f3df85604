using System.Text.Json.Serialization;

namespace AsyncCapacity.Report.Results;

/// <summary>
/// What the operational laws predicted for a variant, from what its probes measured and what its declaration says it
/// holds, and how the measured capacity compares (results.json: <c>prediction</c> of each variant).
/// </summary>
/// <param name="Load">The predicted capacity at the SLA, the low end of the range: clients (closed model) or req/s offered (open model).</param>
/// <param name="Rps">The throughput the laws allow there.</param>
/// <param name="Binding">The resource that bounds it first (the smallest <see cref="ResourceBound.Load"/>).</param>
/// <param name="Bounds">Every resource's bound, the binding one among them.</param>
/// <param name="ResponseMs">R₀: the mean response time at the lightest load measured, what a request costs with no queue.</param>
/// <param name="Outcome">How the measurement compares with the prediction.</param>
/// <param name="ErrorPercent">(measured − predicted) ÷ predicted, for a measured capacity; null for none or a lower bound.</param>
/// <param name="Why">What broke an assumption (or, for a lower bound, what the prediction rests on); null when as predicted.</param>
/// <param name="Usl">The Universal Scalability Law fitted to the throughput curve; null in the open model.</param>
public sealed record Prediction(
    int Load,
    double Rps,
    ResourceBound Binding,
    IReadOnlyList<ResourceBound> Bounds,
    double ResponseMs,
    PredictionOutcome Outcome,
    double? ErrorPercent,
    string? Why,
    UslFit? Usl)
{
    /// <summary>The high end of the predicted range: the largest load whose bound on the mean response time stays within the SLA.</summary>
    public int MeanLoad { get; init; } = Load;

    public bool IsRange => MeanLoad > Load;
}

/// <summary>
/// One resource's bound: c units, each held <see cref="HoldMs"/> per request, serve at most c ÷ H req/s (the utilization
/// law); within the SLA that allows <see cref="Load"/> clients. A resource held for a session bounds clients to its units.
/// </summary>
/// <param name="Resource">"threads", "dbConnections", "auditWriters", "cpu", "machineCpu".</param>
/// <param name="Name">As people say it: "pool threads", "the connection pool", "audit writers", "the app's CPU".</param>
/// <param name="Units">Threads, connections, writers or cores.</param>
/// <param name="UnitsFrom">Where the units were counted: "the pool's minimum", "Database:MaxPoolSize", "2 cores".</param>
/// <param name="HoldMs">Time one unit is held per request (the CPU's: CPU time per request); null for a session.</param>
/// <param name="MaxRps">c ÷ H: the most requests per second the resource serves; null for a session.</param>
/// <param name="Load">The largest load this resource allows within the SLA's percentile: the lower end (requests that
/// find every unit busy wait whole holds, as they do when they move in lockstep; for the CPU, p95 ≈ 3 × the mean).</param>
/// <param name="MeanLoad">The largest load whose bound on the mean response time stays within the SLA: the upper end.</param>
public sealed record ResourceBound(string Resource, string Name, double Units, string UnitsFrom, double? HoldMs, double? MaxRps, int Load, int MeanLoad)
{
    public const string Cpu = "cpu";

    /// <summary>The machine's CPU, shared by the app, k6 and a local database when they are not isolated.</summary>
    public const string MachineCpu = "machineCpu";

    /// <summary>The bounded audit log's writers and queue together: past them, 503 at once.</summary>
    public const string AuditAdmission = "auditAdmission";

    public bool IsCpu => Resource is Cpu or MachineCpu;
}

/// <summary>How a measured capacity compares with the predicted one.</summary>
[JsonConverter(typeof(JsonStringEnumConverter<PredictionOutcome>))]
public enum PredictionOutcome
{
    /// <summary>Within the predicted range (or 15% of its ends), or the range inside the measured bracket.</summary>
    [JsonStringEnumMemberName("asPredicted")]
    AsPredicted,

    /// <summary>Measured well below the prediction: an assumption broke (<see cref="Prediction.Why"/> says which).</summary>
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
/// The Universal Scalability Law (Gunther) fitted to throughput vs concurrency: X(N) = λN ÷ (1 + σ(N − 1) + κN(N − 1)),
/// σ the contention, κ the coherency (crosstalk). A fit that misses the points (<see cref="Fits"/> false) says the curve
/// bends for another reason: a hard limit (threads, a pool) rather than contention.
/// </summary>
/// <param name="Points">The loads fitted (the median throughput at each load where the load generator kept up).</param>
/// <param name="Lambda">λ: the throughput of one client without contention, per second.</param>
/// <param name="RSquared">1 − residual ÷ total sum of squares of the throughput.</param>
/// <param name="MaxErrorPercent">The largest relative miss at a fitted point.</param>
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
    string? Why)
{
    /// <summary>The fitted throughput at load <paramref name="n"/>.</summary>
    public double At(double n) => Lambda * n / (1 + (Sigma * (n - 1)) + (Kappa * n * (n - 1)));
}
