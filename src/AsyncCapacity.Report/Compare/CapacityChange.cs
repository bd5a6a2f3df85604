using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Compare;

/// <summary>
/// A change is called only when its 95% interval, from both runs' probes (<see cref="KneeChange"/>), lies wholly beyond the
/// noise threshold: two runs of the same code on a shared machine differ, and their intervals say by how much they may.
/// Where a run's capacity is a lower bound ("≥ N"), the other run's interval must lie wholly on one side of it.
/// </summary>
public sealed record CapacityChange(CapacityChangeKind Kind, string Text)
{
    /// <summary>The knee's ratio with its 95% interval; null where a run has no knee to estimate (a lower bound, or none).</summary>
    public KneeChange? Knee { get; init; }

    /// <summary>Without a knee to compare: the most the later capacity can be, as a share of the least the baseline's can.</summary>
    public double? MostRatio { get; init; }

    /// <summary>Fell by more than this percentage, significantly: what `capacity compare --fail-below` gates on.</summary>
    public bool FellBy(double percent) => Kind != CapacityChangeKind.HorizonsDiffer
        && (Knee?.FellBy(percent) ?? (Kind == CapacityChangeKind.Lower && MostRatio < 1 - percent / 100));

    /// <summary>Judged by both runs' probes, unless the horizons differ where the pool grew: a blocking capacity rises with the time
    /// under load, so a rise at the longer horizon (or a fall at the shorter) may be the horizon's alone, and the same capacity may
    /// hide a change it offset. A change against the horizon (higher in less time, lower in more) is called as any other.</summary>
    public static CapacityChange Of(ExperimentResult baselineRun, VariantResult baseline, ExperimentResult laterRun, VariantResult later,
        NoiseRule noise, CapacityHorizon from, CapacityHorizon to)
    {
        var change = Of(baselineRun, baseline, laterRun, later, noise);
        var longer = to.Seconds > from.Seconds;
        var againstHorizon = change.Kind == (longer ? CapacityChangeKind.Lower : CapacityChangeKind.Higher);
        if (!CapacityHorizon.Differ(from, to) || !(from.PoolGrew || to.PoolGrew) || againstHorizon)
        {
            return change;
        }

        var ratio = change.Knee is { } knee ? $"{Change.Percent(knee.Ratio - 1)} ({Interval(knee)})" : null;
        return change with
        {
            Kind = CapacityChangeKind.HorizonsDiffer,
            Text = HorizonText.Differ(from.Seconds!.Value, to.Seconds!.Value, [from.Threads, to.Threads], ratio),
        };
    }

    public static CapacityChange Of(ExperimentResult baselineRun, VariantResult baseline, ExperimentResult laterRun, VariantResult later,
        NoiseRule noise)
    {
        var knee = KneeChange.Of(
            CapacityAnalysis.Outcomes(baseline.Steps, baselineRun.Sla), CapacityAnalysis.Outcomes(later.Steps, laterRun.Sla));
        if (knee is not null)
        {
            var kind = !knee.Called(noise.ThresholdPercent) ? CapacityChangeKind.Same
                : knee.Ratio > 1 ? CapacityChangeKind.Higher : CapacityChangeKind.Lower;
            var reading = kind switch
            {
                CapacityChangeKind.Higher => "higher, a change",
                CapacityChangeKind.Lower => "lower, a change",
                _ when knee.Significant => $"~ significant, but not wholly beyond the ±{noise.ThresholdPercent:0.#}% noise threshold",
                _ => "~ not a change these runs can show",
            };
            return new CapacityChange(kind, $"{Change.Percent(knee.Ratio - 1)} ({Interval(knee)}): {reading}") { Knee = knee };
        }

        var (fromLow, fromHigh) = Interval(baseline);
        var (toLow, toHigh) = Interval(later);
        var bounded = toLow > fromHigh ? CapacityChangeKind.Higher : toHigh < fromLow ? CapacityChangeKind.Lower : CapacityChangeKind.Same;
        return new CapacityChange(bounded, bounded switch
        {
            CapacityChangeKind.Higher => "higher: its capacity lies wholly above the baseline's",
            CapacityChangeKind.Lower => "lower: its capacity lies wholly below the baseline's",
            _ => "~ the capacities overlap: not a change these runs can show",
        })
        { MostRatio = fromLow > 0 ? toHigh / fromLow : null };
    }

    /// <summary>"95%: −12% to +30%".</summary>
    private static string Interval(KneeChange knee) =>
        $"{KneeChange.Level * 100:0}%: {Change.Percent(knee.Low - 1)} to {Change.Percent(knee.High - 1)}";

    /// <summary>The loads the capacity may be: its 90% interval; a lower bound up to infinity; before the estimate, its bracket.</summary>
    private static (double Low, double High) Interval(VariantResult variant)
    {
        if (variant.Capacity is not { } capacity)
        {
            return (0, 0);
        }

        if (capacity.AtLeastBecause is not null)
        {
            return (capacity.Concurrency, double.PositiveInfinity);
        }

        if (capacity.Estimate is { } estimate)
        {
            return (estimate.LowLoad, estimate.HighLoad);
        }

        var missed = capacity.MissedAt ?? variant.Steps
            .Where(s => !s.MeetsSla && s.Concurrency > capacity.Concurrency).Select(s => (int?)s.Concurrency).Min();
        return (capacity.Concurrency, missed is { } m ? m - 1 : double.PositiveInfinity);
    }
}

/// <summary>Whether a later run's capacity differs from the baseline's.</summary>
public enum CapacityChangeKind
{
    /// <summary>The later run's knee is significantly higher, by at least the noise threshold.</summary>
    Higher,

    /// <summary>The later run's knee is significantly lower, by at least the noise threshold.</summary>
    Lower,

    /// <summary>As far as these runs can tell, the same capacity.</summary>
    Same,

    /// <summary>Not judged: the runs judged it at different times under load, its pool grew during its probes, and the difference
    /// runs the way the longer horizon would move it (<see cref="CapacityHorizon"/>).</summary>
    HorizonsDiffer,
}
