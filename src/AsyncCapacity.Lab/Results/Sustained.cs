using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>A variant's capacity over time under load: the loads held up to the horizon, the curve read from them and the
/// short probes' knee (at <see cref="KneeHorizonSeconds"/>), and where the pool settled.</summary>
public sealed record Sustained(
    double HorizonSeconds,
    int ConfirmSeconds,
    double KneeHorizonSeconds,
    IReadOnlyList<SustainedHold> Holds,
    IReadOnlyList<CapacityAt> Curve)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public SteadyState? Steady { get; init; }

    /// <summary>The times the curve is read at: the probes' horizon, half a minute, and the horizon.</summary>
    public static IReadOnlyList<double> ReadAt(double kneeHorizon, double horizon) =>
        [.. new[] { kneeHorizon, 30, horizon }.Where(t => t <= horizon + 1e-9).Distinct().Order()];
}
