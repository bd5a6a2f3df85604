namespace AsyncCapacity.Lab.Search;

/// <summary>A change is called only when its whole 95% interval lies beyond the noise threshold, an equivalence margin as
/// Schuirmann's two one-sided tests set it, so that a shared machine's drift is not called a change.</summary>
public sealed record KneeChange(double Ratio, double Low, double High)
{
    public const double Level = 0.95;

    public bool Significant => Low > 1 || High < 1;

    public bool Called(double noisePercent) => Low > 1 + noisePercent / 100 || High < 1 - noisePercent / 100;

    public bool FellBy(double percent) => High < 1 - percent / 100;

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
