namespace AsyncCapacity.Lab.Search;

/// <summary>
/// How a knee moved between two runs: the ratio of the later run's θ to the baseline's, with its 95% interval, from the
/// two runs' posteriors (each from all its probes, the runs independent). A change is significant when the interval
/// leaves out 1; it is called only when the whole interval lies beyond the noise threshold (an equivalence margin, as
/// Schuirmann's two one-sided tests set it; dotnet/performance's ResultsComparer pairs a test with a threshold), so that a
/// shared machine's drift between two runs of the same code is not called a change.
/// </summary>
/// <param name="Ratio">θ later ÷ θ baseline, the median of the ratio's posterior.</param>
public sealed record KneeChange(double Ratio, double Low, double High)
{
    public const double Level = 0.95;

    public bool Significant => Low > 1 || High < 1;

    /// <summary>The whole interval more than <paramref name="noisePercent"/> away from no change.</summary>
    public bool Called(double noisePercent) => Low > 1 + noisePercent / 100 || High < 1 - noisePercent / 100;

    /// <summary>Fell by more than <paramref name="percent"/>, with 95% confidence: the whole interval below 1 − percent.</summary>
    public bool FellBy(double percent) => High < 1 - percent / 100;

    /// <summary>Null unless both runs bracket their knee (a probe met and one missed).</summary>
    public static KneeChange? Of(IReadOnlyList<ProbeOutcome> baseline, IReadOnlyList<ProbeOutcome> later)
    {
        var (before, after) = (KneeEstimate.Evidence(baseline), KneeEstimate.Evidence(later));
        if (!KneeEstimate.TwoSided(before) || !KneeEstimate.TwoSided(after))
        {
            return null;
        }

        var (from, to) = (KneeEstimate.Posterior(before), KneeEstimate.Posterior(after));
        // The difference of two independent ln θ, every pair of grid points weighted by both masses.
        var (fromGrid, fromMass, toGrid, toMass) = (from.LogThresholds, from.ThresholdMarginal(), to.LogThresholds, to.ThresholdMarginal());
        var differences = new List<(double Difference, double Mass)>(fromGrid.Count * toGrid.Count);
        for (var i = 0; i < fromGrid.Count; i++)
        {
            for (var j = 0; j < toGrid.Count; j++)
            {
                differences.Add((toGrid[j] - fromGrid[i], fromMass[i] * toMass[j]));
            }
        }

        differences.Sort((a, b) => a.Difference.CompareTo(b.Difference));
        return new KneeChange(
            Math.Round(Math.Exp(Quantile(differences, 0.5)), 4),
            Math.Round(Math.Exp(Quantile(differences, (1 - Level) / 2)), 4),
            Math.Round(Math.Exp(Quantile(differences, (1 + Level) / 2)), 4));
    }

    private static double Quantile(List<(double Difference, double Mass)> sorted, double q)
    {
        var cumulative = 0.0;
        foreach (var (difference, mass) in sorted)
        {
            cumulative += mass;
            if (cumulative >= q)
            {
                return difference;
            }
        }

        return sorted[^1].Difference;
    }
}
