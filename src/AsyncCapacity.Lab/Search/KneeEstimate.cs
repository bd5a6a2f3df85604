using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

/// <summary>
/// The knee estimated from every judged probe of a variant: the load where half the launches meet the SLA (the posterior
/// median) and its 90% interval. Each probe is a fresh app, an independent launch, so the interval is what reruns of the
/// same code land in.
/// </summary>
/// <param name="Knee">θ̂, a load (clients, or req/s offered), not rounded.</param>
/// <param name="Low">The interval's lower end: 5% of the posterior lies below it.</param>
/// <param name="High">The interval's upper end: 5% lies above it.</param>
/// <param name="Probes">The judged probes it rests on.</param>
public sealed record KneeEstimate(double Knee, double Low, double High, int Probes)
{
    public const double Level = 0.90;

    /// <summary>The capacity as a load: the largest whole load at or below the knee.</summary>
    [JsonIgnore]
    public int Capacity => (int)Math.Floor(Knee + 1e-9);

    /// <summary>
    /// The interval as the capacities it allows (the largest whole load at or below each end): a knee between 2.9 and 3.1
    /// clients reads "2–3", one between 2.1 and 2.9 reads "2".
    /// </summary>
    [JsonIgnore]
    public int LowLoad => (int)Math.Floor(Low + 1e-9);

    [JsonIgnore]
    public int HighLoad => (int)Math.Floor(High + 1e-9);

    /// <summary>
    /// Within ±precision of the knee; among a few clients, where ±10% is less than one, when the knee lies within one load
    /// (a knee between 2.9 and 3.1 clients is as known as it can be: capacity 2 or 3).
    /// </summary>
    public bool Within(double precision) =>
        (High <= Knee * (1 + precision) && Low >= Knee * (1 - precision)) || High - Low <= 1;

    /// <summary>
    /// The estimate from the probes that were judged and were not a miss the load generator may have caused; null unless
    /// at least one of them met and one missed (otherwise the knee is only bounded on one side).
    /// </summary>
    public static KneeEstimate? Of(IEnumerable<ProbeOutcome> outcomes)
    {
        var evidence = Evidence(outcomes);
        return TwoSided(evidence) ? Of(Posterior(evidence), evidence.Count) : null;
    }

    /// <summary>A knee to estimate: at least one probe met and one missed.</summary>
    internal static bool TwoSided(IReadOnlyList<KneeEvidence> evidence) => evidence.Any(p => p.Meets) && evidence.Any(p => !p.Meets);

    /// <summary>Loads to two decimals: finer than any load, and results.json reads the same on every machine.</summary>
    internal static KneeEstimate Of(KneePosterior posterior, int probes) => new(
        Math.Round(posterior.Quantile(0.5), 2),
        Math.Round(posterior.Quantile((1 - Level) / 2), 2),
        Math.Round(posterior.Quantile((1 + Level) / 2), 2),
        probes);

    /// <summary>What the estimate rests on: judged probes, less the misses k6 may have caused.</summary>
    internal static IReadOnlyList<KneeEvidence> Evidence(IEnumerable<ProbeOutcome> outcomes) =>
        [.. outcomes.Where(o => o.Judged && !(o.LoadGeneratorBound && !o.Meets))
            .Select(o => new KneeEvidence(o.Concurrency, o.Meets, o.Margin))];

    /// <summary>The prior spans a halving below the lightest probe to a doubling above the heaviest.</summary>
    internal static KneePosterior Posterior(IReadOnlyList<KneeEvidence> evidence, double? lowest = null, double? highest = null) =>
        KneePosterior.Of(evidence,
            lowest ?? Math.Max(0.5, evidence.Min(p => p.Load) / 2),
            highest ?? Math.Max(2, evidence.Max(p => p.Load) * 2));
}
