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
