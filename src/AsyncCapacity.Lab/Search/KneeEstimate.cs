using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Search;

/// <summary>The load where half the launches meet the SLA (the posterior median) and its 90% interval: each probe is a fresh app,
/// an independent launch, so the interval is what reruns of the same code land in.</summary>
public sealed record KneeEstimate(double Knee, double Low, double High, int Probes)
{
    public const double Level = 0.90;

    [JsonIgnore]
    public int Capacity => (int)Math.Floor(Knee + 1e-9);

    /// <summary>A knee between 2.9 and 3.1 clients reads "2–3", one between 2.1 and 2.9 reads "2".</summary>
    [JsonIgnore]
    public int LowLoad => (int)Math.Floor(Low + 1e-9);

    [JsonIgnore]
    public int HighLoad => (int)Math.Floor(High + 1e-9);

    /// <summary>Among a few clients, where ±10% is less than one, a knee within one load is as known as it can be.</summary>
    public bool Within(double precision) =>
        (High <= Knee * (1 + precision) && Low >= Knee * (1 - precision)) || High - Low <= 1;

    public static KneeEstimate? Of(IEnumerable<ProbeOutcome> outcomes)
    {
        var evidence = Evidence(outcomes);
        return TwoSided(evidence) ? Of(Posterior(evidence), evidence.Count) : null;
    }

    internal static bool TwoSided(IReadOnlyList<KneeEvidence> evidence) => evidence.Any(p => p.Meets) && evidence.Any(p => !p.Meets);

    /// <summary>Loads to two decimals: finer than any load, and results.json reads the same on every machine.</summary>
    internal static KneeEstimate Of(KneePosterior posterior, int probes) => new(
        Math.Round(posterior.Quantile(0.5), 2),
        Math.Round(posterior.Quantile((1 - Level) / 2), 2),
        Math.Round(posterior.Quantile((1 + Level) / 2), 2),
        probes);

    internal static IReadOnlyList<KneeEvidence> Evidence(IEnumerable<ProbeOutcome> outcomes) =>
        [.. outcomes.Where(o => o.Judged && !o.Untrusted)
            .Select(o => new KneeEvidence(o.Concurrency, o.Meets, o.Margin))];

    internal static KneePosterior Posterior(IReadOnlyList<KneeEvidence> evidence, double? lowest = null, double? highest = null) =>
        KneePosterior.Of(evidence,
            lowest ?? Math.Max(0.5, evidence.Min(p => p.Load) / 2),
            highest ?? Math.Max(2, evidence.Max(p => p.Load) * 2));
}
