using System.Globalization;

namespace AsyncCapacity.Report.Search;

/// <summary>
/// Where a variant's capacity lies, found by probing rather than read off a grid: the lightest declared step, then the
/// knee the laws predict from it (or, where nothing binds, the declared steps), then probes that bracket the knee (the
/// largest load that meets the SLA and the smallest that misses it) until the two are within
/// <see cref="SearchPolicy.Precision"/> of each other or one apart, then repeats of both ends until their majority of
/// <see cref="SearchPolicy.Repeats"/> is certain. Where nothing misses, the search climbs (doubling) until something does,
/// the load generator becomes the limit, or the ceiling or the probe budget is reached: the capacity is then a lower
/// bound that says what stopped it. A pure function of the outcomes so far: the sweep asks it for the next probe, runs
/// it on a fresh app, and asks again. <see cref="SearchStrategy.Grid"/> keeps the search as it was before the laws led it.
/// </summary>
public static class CapacitySearch
{
    /// <param name="predictedKnee">The laws' knee, first predicted (after the lightest probe, or the first that let them
    /// measure the CPU per request); null where nothing binds yet.</param>
    /// <param name="latestKnee">The laws' knee from every probe so far: while nothing has missed, the climb jumps there
    /// rather than doubling (the CPU per request read at a light load overstates it, so the first knee is low).</param>
    public static SearchMove Next(
        SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int? predictedKnee = null, int? latestKnee = null)
    {
        var tallies = Tally.Of(outcomes);
        var knee = UsableKnee(policy, outcomes, predictedKnee);
        var move = Move(policy, outcomes, tallies, knee, policy.LedByLaws ? latestKnee : null);
        return move is SearchDone done && policy.Refine
            ? new SearchDone(done.Finding with { Strategy = policy.Strategy, PredictedKnee = knee })
            : move;
    }

    private static SearchMove Move(
        SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, Dictionary<int, Tally> tallies, int? knee, int? latestKnee)
    {
        if (knee is null && NextCoarse(policy, tallies) is { } coarse)
        {
            return coarse;
        }

        var budget = policy.Refine ? policy.MaxSearchProbes - outcomes.Count(o => o.Pass != ProbePass.Coarse) : 0;
        // The knee, unless what ran already decided it: a load above it met, or one below it missed.
        if (knee is { } first && !tallies.ContainsKey(first) && budget > 0
            && tallies.Values.All(t => t.Meets ? t.Concurrency < first : t.Concurrency > first))
        {
            return new NextProbe(first, ProbePass.Expand, Invariant($"at the laws' predicted knee, {first}"));
        }

        var misses = tallies.Values.Where(t => !t.Meets && !t.LoadGeneratorBound).Select(t => t.Concurrency).ToList();
        int? missed = misses.Count > 0 ? misses.Min() : null;
        var meets = tallies.Values.Where(t => t.Meets && t.Concurrency < (missed ?? int.MaxValue)).Select(t => t.Concurrency).ToList();
        int? met = meets.Count > 0 ? meets.Max() : null;
        var loadGeneratorMisses = tallies.Values
            .Where(t => !t.Meets && t.LoadGeneratorBound && t.Concurrency > (met ?? 0) && t.Concurrency < (missed ?? int.MaxValue))
            .Select(t => t.Concurrency).ToList();
        int? loadGeneratorMissed = policy.LedByLaws && met is not null && loadGeneratorMisses.Count > 0 ? loadGeneratorMisses.Min() : null;

        var bracket = new Bracket(policy, tallies, budget, knee) { LatestKnee = latestKnee };
        return (met, missed, loadGeneratorMissed) switch
        {
            (null, null, _) => new SearchDone(SearchFinding.None("the load generator was the limit at every step tried")),
            (null, { } lowest, _) => Downwards(bracket, lowest),
            ({ } top, _, { } above) => BelowLoadGenerator(bracket, top, above),
            ({ } top, null, null) => Upwards(bracket, top),
            ({ } low, { } high, null) => Narrow(bracket, low, high),
        };
    }

    /// <summary>
    /// The laws' knee, once the lightest step has run: above it when it met, below it when it missed; otherwise (nothing
    /// binds, the knee already passed, or the grid strategy) none, and the declared steps lead.
    /// </summary>
    private static int? UsableKnee(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int? predicted)
    {
        var lightest = policy.Coarse.Count > 0 ? policy.Coarse[0] : 0;
        if (!policy.LedByLaws || predicted is not { } knee || outcomes.FirstOrDefault(o => o.Concurrency == lightest) is not { } first)
        {
            return null;
        }

        // The lightest's first run decides, so that a repeat of it later cannot send the search back to the steps.
        knee = Math.Min(knee, policy.Ceiling);
        var above = first.Meets && knee > lightest;
        var below = !first.Meets && !first.LoadGeneratorBound && knee is >= 1 && knee < lightest;
        return above || below ? knee : null;
    }

    /// <summary>
    /// The next declared step, climbing, until two in a row miss (what lies above them misses too), or one misses while
    /// k6 was the limit (its miss may be k6's). Without a search (the grid only) every step runs: the user asked for
    /// those loads, not for the knee.
    /// </summary>
    private static NextProbe? NextCoarse(SearchPolicy policy, Dictionary<int, Tally> tallies)
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
    private static SearchMove Downwards(Bracket bracket, int lowest)
    {
        var (policy, tallies, budget) = (bracket.Policy, bracket.Tallies, bracket.Budget);
        if (lowest > 1)
        {
            return budget > 0
                ? new NextProbe(Math.Max(1, lowest / policy.DownwardDivisor),
                    ProbePass.Expand, Invariant($"everything tried missed: below {lowest}"))
                : new SearchDone(SearchFinding.None(policy.Refine
                    ? Invariant($"every load tried missed, down to {lowest}, before the probe budget ran out")
                    : Invariant($"every step missed, down to {lowest} (the grid only: --search off)")));
        }

        var one = tallies[1].Runs;
        return RepeatOr(bracket, budget, [1], () =>
            SearchFinding.None(Invariant($"even 1 missed it in {one.Runs - one.Met} of {one.Runs} runs")) with { AtMissed = one });
    }

    /// <summary>
    /// Nothing missed: climb until something does, unless the load generator, the ceiling or the budget stops it. A load
    /// that met while k6 was short of CPU still met (its latency even includes k6's delay): the climb goes on. One that
    /// missed while k6 was short of CPU may have missed by k6's fault: the climb stops below it, a lower bound.
    /// </summary>
    private static SearchMove Upwards(Bracket bracket, int top)
    {
        var (policy, tallies, budget) = (bracket.Policy, bracket.Tallies, bracket.Budget);
        var stoppedBy = tallies.Values.Any(t => t.Concurrency > top && t.LoadGeneratorBound && !t.Meets)
            ? StoppedBy.LoadGenerator
            : top >= policy.Ceiling ? StoppedBy.Ceiling : (StoppedBy?)null;
        if (stoppedBy is null && budget > 0 && !policy.Refine)
        {
            stoppedBy = StoppedBy.HighestStep;
        }

        if (stoppedBy is null && budget > 0 && bracket.LatestKnee is { } latest && latest > top * 2)
        {
            var jump = Math.Min(policy.Ceiling, Math.Min(latest, top * SearchPolicy.MaxJump));
            return new NextProbe(jump, ProbePass.Expand, Invariant($"the laws' knee from the probes so far, {latest}"));
        }

        if (stoppedBy is null)
        {
            return budget > 0
                ? new NextProbe(Math.Min(policy.Ceiling, top * 2), ProbePass.Expand, Invariant($"nothing missed yet: above {top}"))
                : Lower(policy.Refine ? StoppedBy.Budget : StoppedBy.HighestStep);
        }

        return RepeatOr(bracket, budget, [top], () => Lower(stoppedBy.Value).Finding);

        SearchDone Lower(StoppedBy reason) =>
            new(SearchFinding.AtLeast(top, reason, tallies[top].Runs));
    }

    /// <summary>
    /// A miss the load generator may have caused narrows, it does not end: the largest load that met below it is the
    /// tightest lower bound this machine can show, so the bracket between them narrows like any other.
    /// </summary>
    private static SearchMove BelowLoadGenerator(Bracket bracket, int top, int above)
    {
        if (bracket.Wide(top, above, bracket.Policy.LoadGeneratorPrecision) && bracket.Budget > 0)
        {
            return new NextProbe(bracket.Middle(top, above), ProbePass.Narrow,
                Invariant($"between {top} and {above}, where the load generator was the limit"));
        }

        return RepeatOr(bracket, bracket.Budget, [top], () =>
            SearchFinding.AtLeast(top, StoppedBy.LoadGenerator, bracket.Tallies[top].Runs, above));
    }

    /// <summary>A bracket: narrow it to the precision asked for, then repeat both ends.</summary>
    private static SearchMove Narrow(Bracket bracket, int low, int high)
    {
        var wide = bracket.Wide(low, high);
        if (wide && bracket.Budget > 0)
        {
            return new NextProbe(bracket.Middle(low, high), ProbePass.Narrow, Invariant($"between {low} and {high}"));
        }

        var tallies = bracket.Tallies;
        return RepeatOr(bracket, wide ? 0 : bracket.Budget, [low, high], () =>
            SearchFinding.Bracket(low, high, tallies[low].Runs, tallies[high].Runs, narrowed: !wide || !bracket.Policy.Refine));
    }

    /// <summary>A repeat of the first of these loads whose verdict its runs have not settled yet, or the finding.</summary>
    private static SearchMove RepeatOr(Bracket bracket, int budget, int[] loads, Func<SearchFinding> finding)
    {
        var policy = bracket.Policy;
        if (policy.Refine && budget > 0 && loads.FirstOrDefault(l => bracket.Unsettled(bracket.Tallies[l].Runs)) is var load and > 0)
        {
            var of = policy.LedByLaws ? "of at most" : "of";
            var run = bracket.Tallies[load].Runs.Runs + 1;
            return new NextProbe(load, ProbePass.Repeat, Invariant($"run {run} {of} {policy.Repeats} at {load}"));
        }

        return new SearchDone(finding());
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
