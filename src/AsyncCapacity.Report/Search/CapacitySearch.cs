using System.Globalization;

namespace AsyncCapacity.Report.Search;

/// <summary>
/// Where a variant's capacity lies, found by probing rather than read off a grid: a coarse pass over the declared steps,
/// then probes that bracket the knee (the largest load that meets the SLA and the smallest that misses it) until the two
/// are within <see cref="SearchPolicy.Precision"/> of each other or one apart, then repeats of both until each has
/// <see cref="SearchPolicy.Repeats"/> runs. A load's verdict is the majority of its runs. Where nothing misses, the search
/// climbs (doubling) until something does, the load generator becomes the limit, or the ceiling or the probe budget is
/// reached: the capacity is then a lower bound that says what stopped it. A pure function of the outcomes so far: the
/// sweep asks it for the next probe, runs it on a fresh app, and asks again.
/// </summary>
public static class CapacitySearch
{
    public static SearchMove Next(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes)
    {
        var tallies = Tally.Of(outcomes);
        if (NextCoarse(policy, tallies) is { } coarse)
        {
            return coarse;
        }

        var budget = policy.Refine ? policy.MaxSearchProbes - outcomes.Count(o => o.Pass != ProbePass.Coarse) : 0;
        var misses = tallies.Values.Where(t => !t.Meets && !t.LoadGeneratorBound).Select(t => t.Concurrency).ToList();
        int? missed = misses.Count > 0 ? misses.Min() : null;
        var meets = tallies.Values.Where(t => t.Meets && t.Concurrency < (missed ?? int.MaxValue)).Select(t => t.Concurrency).ToList();
        int? met = meets.Count > 0 ? meets.Max() : null;

        return (met, missed) switch
        {
            (null, null) => new SearchDone(SearchFinding.None("the load generator was the limit at every step tried")),
            (null, { } lowest) => Downwards(policy, tallies, lowest, budget),
            ({ } top, null) => Upwards(policy, tallies, top, budget),
            ({ } low, { } high) => Narrow(policy, tallies, low, high, budget),
        };
    }

    /// <summary>
    /// The next declared step, climbing, until two in a row miss (what lies above them misses too), or one misses while
    /// k6 was the limit (its miss may be k6's). Without a search (the grid only) every step runs: the user asked for
    /// those loads, not for the knee.
    /// </summary>
    private static NextProbe? NextCoarse(SearchPolicy policy, IReadOnlyDictionary<int, Tally> tallies)
    {
        var misses = 0;
        foreach (var step in policy.Coarse)
        {
            if (!tallies.TryGetValue(step, out var tally))
            {
                return new NextProbe(step, ProbePass.Coarse, "coarse pass");
            }

            if (!policy.Refine)
            {
                continue;
            }

            if (tally.LoadGeneratorBound && !tally.Meets)
            {
                return null;
            }

            misses = tally.Meets ? 0 : misses + 1;
            if (misses >= policy.ConsecutiveMissesToStop)
            {
                return null;
            }
        }

        return null;
    }

    /// <summary>Everything tried missed: go down until a load meets, or even 1 does not.</summary>
    private static SearchMove Downwards(SearchPolicy policy, IReadOnlyDictionary<int, Tally> tallies, int lowest, int budget)
    {
        if (lowest > 1)
        {
            return budget > 0
                ? new NextProbe(Math.Max(1, lowest / policy.DownwardDivisor), ProbePass.Expand, Invariant($"everything tried missed: below {lowest}"))
                : new SearchDone(SearchFinding.None(policy.Refine
                    ? Invariant($"every load tried missed, down to {lowest}, before the probe budget ran out")
                    : Invariant($"every step missed, down to {lowest} (the grid only: --search off)")));
        }

        return RepeatOr(policy, tallies, budget, [1], () =>
            SearchFinding.None(Invariant($"even 1 missed it in {tallies[1].Runs.Runs - tallies[1].Met} of {tallies[1].Runs.Runs} runs")) with { AtMissed = tallies[1].Runs });
    }

    /// <summary>
    /// Nothing missed: climb until something does, unless the load generator, the ceiling or the budget stops it. A load
    /// that met while k6 was short of CPU still met (its latency even includes k6's delay): the climb goes on. One that
    /// missed while k6 was short of CPU may have missed by k6's fault: the climb stops below it, a lower bound.
    /// </summary>
    private static SearchMove Upwards(SearchPolicy policy, IReadOnlyDictionary<int, Tally> tallies, int top, int budget)
    {
        var stoppedBy = tallies.Values.Any(t => t.Concurrency > top && t.LoadGeneratorBound && !t.Meets)
            ? StoppedBy.LoadGenerator
            : top >= policy.Ceiling ? StoppedBy.Ceiling : (StoppedBy?)null;
        if (stoppedBy is null && budget > 0 && !policy.Refine)
        {
            stoppedBy = StoppedBy.HighestStep;
        }

        if (stoppedBy is null)
        {
            return budget > 0
                ? new NextProbe(Math.Min(policy.Ceiling, top * 2), ProbePass.Expand, Invariant($"nothing missed yet: above {top}"))
                : Lower(policy.Refine ? StoppedBy.Budget : StoppedBy.HighestStep);
        }

        return RepeatOr(policy, tallies, budget, [top], () => Lower(stoppedBy.Value).Finding);

        SearchDone Lower(StoppedBy reason) =>
            new(SearchFinding.AtLeast(top, reason, tallies[top].Runs));
    }

    /// <summary>A bracket: narrow it to the precision asked for, then repeat both ends.</summary>
    private static SearchMove Narrow(SearchPolicy policy, IReadOnlyDictionary<int, Tally> tallies, int low, int high, int budget)
    {
        var wide = high - low > 1 && high > low * (1 + policy.Precision);
        if (wide && budget > 0)
        {
            var middle = (int)Math.Round(Math.Sqrt((double)low * high));
            return new NextProbe(Math.Clamp(middle, low + 1, high - 1), ProbePass.Narrow, Invariant($"between {low} and {high}"));
        }

        return RepeatOr(policy, tallies, wide ? 0 : budget, [low, high], () =>
            SearchFinding.Bracket(low, high, tallies[low].Runs, tallies[high].Runs, narrowed: !wide || !policy.Refine));
    }

    /// <summary>A repeat of the first of these loads that has fewer runs than the policy asks for, or the finding.</summary>
    private static SearchMove RepeatOr(SearchPolicy policy, IReadOnlyDictionary<int, Tally> tallies, int budget, int[] loads, Func<SearchFinding> finding)
    {
        if (policy.Refine && budget > 0 && loads.FirstOrDefault(l => tallies[l].Runs.Runs < policy.Repeats) is var load and > 0)
        {
            return new NextProbe(load, ProbePass.Repeat, Invariant($"run {tallies[load].Runs.Runs + 1} of {policy.Repeats} at {load}"));
        }

        return new SearchDone(finding());
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    /// <summary>A load's runs so far: its verdict is the majority's; k6 being the limit in any run makes it untrustworthy upwards.</summary>
    private sealed record Tally(int Concurrency, RunTally Runs, bool LoadGeneratorBound)
    {
        public bool Meets => Runs.Met * 2 > Runs.Runs;

        public int Met => Runs.Met;

        public static Dictionary<int, Tally> Of(IEnumerable<ProbeOutcome> outcomes) => outcomes
            .GroupBy(o => o.Concurrency)
            .ToDictionary(g => g.Key, g => new Tally(g.Key, new RunTally(g.Count(o => o.Meets), g.Count()), g.Any(o => o.LoadGeneratorBound)));
    }
}
