using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

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
