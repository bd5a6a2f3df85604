using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>
/// Whose limit a capacity is. <see cref="LimitSide.App"/>: measured, the app's side was the limit at the knee (its CPU at
/// <see cref="AppBusyPercent"/>% or more of what it may use, or a held resource full) while k6 had headroom (below
/// <see cref="LoadGeneratorBusyPercent"/>% of its CPUs). Anything else is a bound, "≥ N": the load's side, or no side shown full.
/// </summary>
/// <param name="AppCpuPercent">The app's CPU at the knee, as a share of what it may use (its quota, CPU set or cores).</param>
/// <param name="LoadGeneratorPercent">k6's CPU at the knee, as a share of the CPUs it had.</param>
/// <param name="Resource">The held resource the laws found full at the knee; null: none (the CPU, or nothing, bound).</param>
public sealed record CapacityLimit(
    LimitSide Side,
    double? AppCpuPercent,
    double? LoadGeneratorPercent,
    double LoadGeneratorCpus,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] ResourceKind? Resource = null)
{
    public const double AppBusyPercent = 75;

    public const double LoadGeneratorBusyPercent = 80;

    [JsonIgnore]
    public bool Measured => Side == LimitSide.App;
}

[JsonConverter(typeof(JsonStringEnumConverter<LimitSide>))]
public enum LimitSide
{
    /// <summary>Measured: the app (its CPU or a resource it holds) was full at the knee, and k6 had headroom.</summary>
    [JsonStringEnumMemberName("app")]
    App,

    /// <summary>A bound: k6 was at 80% of its CPUs or more at the knee, or the search stopped because of it.</summary>
    [JsonStringEnumMemberName("loadGenerator")]
    LoadGenerator,

    /// <summary>A bound: the search stopped without a knee (its budget, ceiling or highest step) or a failed probe.</summary>
    [JsonStringEnumMemberName("search")]
    Search,

    /// <summary>A bound: at the knee neither the app's CPU nor a held resource was full, nor k6 busy (the machine shared,
    /// a kernel queue, the network stack): the lab cannot say whose limit it is.</summary>
    [JsonStringEnumMemberName("unknown")]
    Unknown,
}

/// <summary>
/// What the app alone would serve on the CPUs it had, from its own CPU per request D (the utilization law, X ≤ C ÷ D;
/// Denning and Buzen 1978): D is the slope of its busy CPUs over its throughput where it was steady (below saturation, enough
/// requests), the intercept <see cref="IdleCpus"/> what it spends whatever the load, so X_max = (C − idle) ÷ D; D's 90%
/// interval from the slope's standard error; the clients within the SLA follow from the laws the predictions use.
/// </summary>
/// <param name="Cpus">The app's quota, CPU set or the machine's cores, whichever it had.</param>
/// <param name="Load">The clients within the SLA at D by the p95 law; <paramref name="MeanLoad"/> by the bound on the mean.</param>
public sealed record AppAlone(
    double Cpus,
    double DemandSeconds,
    double DemandLowSeconds,
    double DemandHighSeconds,
    int Probes,
    double MaxRps,
    double MaxRpsLow,
    double MaxRpsHigh,
    int Load,
    int MeanLoad)
{
    public double IdleCpus { get; init; }

    /// <summary>--demand: the throughputs (req/s) of the fixed rates D was read at; null where it was read off the search's
    /// probes.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<double>? Rates { get; init; }
}
