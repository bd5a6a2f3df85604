namespace AsyncCapacity.Lab.Search;

/// <summary>Where a variant's capacity lies, found by probing rather than read off a grid: a pure function of the outcomes so
/// far, so the sweep asks it for the next probe, runs it on a fresh app, and asks again.</summary>
public static class CapacitySearch
{
    /// <param name="latestKnee">While nothing has missed, the climb jumps there rather than doubling: the CPU per request read
    /// at a light load overstates it, so the first knee is low.</param>
    public static SearchMove Next(
        SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int? predictedKnee = null, int? latestKnee = null)
    {
        var knee = UsableKnee(policy, outcomes, predictedKnee);
        var move = Move(policy, outcomes, knee, policy.Refine ? latestKnee : null);
        if (move is not SearchDone done)
        {
            return move;
        }

        if (policy is { Refine: true, Headline: { } headline } && outcomes.All(o => o.Concurrency != headline))
        {
            return Probe(policy, outcomes, headline, ProbePass.Headline, new(ProbeReasonKind.Headline, headline));
        }

        return policy.Refine ? new SearchDone(done.Finding with { Strategy = SearchStrategy.Estimate, PredictedKnee = knee }) : done;
    }

    private static SearchMove Move(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int? knee, int? latestKnee)
    {
        var tallies = Tally.Of(outcomes);
        if (knee is null && NextCoarse(policy, outcomes, tallies) is { } coarse)
        {
            return coarse;
        }

        var budget = policy.Refine
            ? policy.MaxSearchProbes - outcomes.Count(o => o.Pass is not (ProbePass.Coarse or ProbePass.Headline))
            : 0;
        // The knee, unless what ran already decided it: a load above it met, or one below it missed.
        if (knee is { } first && !tallies.ContainsKey(first) && budget > 0
            && tallies.Values.All(t => t.Meets ? t.Concurrency < first : t.Concurrency > first))
        {
            return Probe(policy, outcomes, first, ProbePass.Expand, new(ProbeReasonKind.PredictedKnee, first));
        }

        var misses = tallies.Values.Where(t => !t.Meets && !t.LoadGeneratorBound).Select(t => t.Concurrency).ToList();
        int? missed = misses.Count > 0 ? misses.Min() : null;
        var meets = tallies.Values.Where(t => t.Meets && t.Concurrency < (missed ?? int.MaxValue)).Select(t => t.Concurrency).ToList();
        int? met = meets.Count > 0 ? meets.Max() : null;
        var loadGeneratorMisses = tallies.Values
            .Where(t => !t.Meets && t.LoadGeneratorBound && t.Concurrency > (met ?? 0) && t.Concurrency < (missed ?? int.MaxValue))
            .Select(t => t.Concurrency).ToList();
        int? loadGeneratorMissed = policy.Refine && met is not null && loadGeneratorMisses.Count > 0 ? loadGeneratorMisses.Min() : null;

        var search = new Bracket(policy, outcomes, tallies, budget, knee) { LatestKnee = latestKnee };
        return (met, missed, loadGeneratorMissed) switch
        {
            (null, null, _) => new SearchDone(SearchFinding.None(
                new(tallies.Values.All(t => t.Failed) ? NoCapacityKind.ProbesFailed : NoCapacityKind.LoadGeneratorEverywhere))),
            (null, { } lowest, _) => Downwards(search, lowest),
            ({ } top, _, { } above) => BelowLoadGenerator(search, top, above),
            ({ } top, null, null) => Upwards(search, top),
            ({ } low, { } high, null) => Estimate(search, low, high),
        };
    }

    private static int? UsableKnee(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int? predicted)
    {
        var lightest = policy.Coarse.Count > 0 ? policy.Coarse[0] : 0;
        if (!policy.Refine || predicted is not { } knee || outcomes.FirstOrDefault(o => o.Concurrency == lightest) is not { } first)
        {
            return null;
        }

        // The lightest's first run decides, so that a later run of it cannot send the search back to the steps.
        knee = Math.Min(knee, policy.Ceiling);
        var above = first.Meets && knee > lightest;
        var below = !first.Meets && !first.Untrusted && knee is >= 1 && knee < lightest;
        return above || below ? knee : null;
    }

    /// <summary>Without a search every step runs: the user asked for those loads, not for the knee.</summary>
    private static NextProbe? NextCoarse(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, Dictionary<int, Tally> tallies)
    {
        var misses = 0;
        foreach (var step in policy.Coarse)
        {
            if (!tallies.TryGetValue(step, out var tally))
            {
                return Probe(policy, outcomes, step, ProbePass.Coarse, new(ProbeReasonKind.CoarsePass));
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

    private static SearchMove Downwards(Bracket search, int lowest)
    {
        if (lowest <= 1)
        {
            var atOne = search.Outcomes.Where(o => o.Concurrency == 1).ToList();
            return new SearchDone(SearchFinding.None(atOne.Any(o => o.Judged)
                ? new(NoCapacityKind.MissedAtOne)
                : new(NoCapacityKind.TooFewToJudgeAtOne) { Count = atOne.Max(o => o.Requests ?? 0) }));
        }

        return search.Budget > 0
            ? Probe(search.Policy, search.Outcomes, Math.Max(1, lowest / search.Policy.DownwardDivisor), ProbePass.Expand,
                new(ProbeReasonKind.EverythingMissedBelow, lowest))
            : new SearchDone(SearchFinding.None(
                new(search.Policy.Refine ? NoCapacityKind.MissedBeforeBudgetRanOut : NoCapacityKind.MissedOnGrid) { Count = lowest }));
    }

    /// <summary>A load that met while k6 was short of CPU still met; one that missed may be k6's fault: the climb stops below it.</summary>
    private static SearchMove Upwards(Bracket search, int top)
    {
        var (policy, budget) = (search.Policy, search.Budget);
        var untrusted = search.Tallies.Values.Where(t => t.Concurrency > top && t.LoadGeneratorBound && !t.Meets).MinBy(t => t.Concurrency);
        var stoppedBy = untrusted is not null ? Untrusted(untrusted)
            : top >= policy.Ceiling ? StoppedBy.Ceiling : (StoppedBy?)null;
        if (stoppedBy is null && budget > 0 && search.LatestKnee is { } latest && latest > top * 2)
        {
            var jump = Math.Min(policy.Ceiling, Math.Min(latest, top * SearchPolicy.MaxJump));
            return Probe(policy, search.Outcomes, jump, ProbePass.Expand, new(ProbeReasonKind.LatestKnee, latest));
        }

        if (stoppedBy is null && budget > 0)
        {
            return Probe(policy, search.Outcomes, Math.Min(policy.Ceiling, top * 2), ProbePass.Expand,
                new(ProbeReasonKind.NothingMissedAbove, top));
        }

        return new SearchDone(SearchFinding.AtLeast(top, stoppedBy ?? (policy.Refine ? StoppedBy.Budget : StoppedBy.HighestStep)));
    }

    /// <summary>The largest load that met below a miss k6 may have caused is the tightest lower bound this machine can show.</summary>
    private static SearchMove BelowLoadGenerator(Bracket search, int top, int above)
    {
        if (Bracket.Wide(top, above, search.Policy.LoadGeneratorPrecision) && search.Budget > 0)
        {
            return Probe(search.Policy, search.Outcomes, search.Middle(top, above), ProbePass.Narrow,
                new(ProbeReasonKind.BetweenBelowLoadGenerator, LowLoad: top, HighLoad: above));
        }

        return new SearchDone(SearchFinding.AtLeast(top, Untrusted(search.Tallies[above]), above));
    }

    private static StoppedBy Untrusted(Tally tally) => tally.Failed ? StoppedBy.ProbeFailed : StoppedBy.LoadGenerator;

    private static SearchMove Estimate(Bracket search, int low, int high)
    {
        var (policy, outcomes) = (search.Policy, search.Outcomes);
        var evidence = KneeEstimate.Evidence(outcomes);
        if (!KneeEstimate.TwoSided(evidence))
        {
            // One end too thin to judge: narrow as a bracket until both sides have judged probes.
            if (search.Budget > 0 && Bracket.Wide(low, high, policy.Precision))
            {
                return Probe(policy, outcomes, search.Middle(low, high), ProbePass.Narrow,
                    new(ProbeReasonKind.Between, LowLoad: low, HighLoad: high));
            }

            // Neighbours with nothing between them (1 met, 2 missed): the thin one again, in a window stretched to what it served
            // (ProbeWindow), since a first probe's window is the policy's and a slow variant completes too few requests in it.
            var thin = evidence.Any(p => p.Meets) ? high : low;
            if (policy.Refine && search.Budget > 0 && search.Tallies[thin].Runs < 2)
            {
                return Probe(policy, outcomes, thin, ProbePass.Narrow, new(ProbeReasonKind.TooFewToJudge, thin));
            }

            return new SearchDone(SearchFinding.AtLeast(low, policy.Refine ? StoppedBy.Budget : StoppedBy.HighestStep));
        }

        var posterior = KneeEstimate.Posterior(evidence);
        var estimate = KneeEstimate.Of(posterior, evidence.Count);
        var narrow = estimate.Within(policy.Precision);
        if (narrow || search.Budget <= 0)
        {
            return new SearchDone(SearchFinding.Estimated(estimate, narrow));
        }

        return Probe(policy, outcomes, MostInformative(policy, posterior), ProbePass.Narrow,
            new(ProbeReasonKind.LeastCertain, estimate.Capacity, estimate.LowLoad, estimate.HighLoad));
    }

    private static int MostInformative(SearchPolicy policy, KneePosterior posterior) => Enumerable.Range(1, 19)
        .Select(i => Math.Clamp((int)Math.Round(posterior.Quantile(i / 20.0)), 1, policy.Ceiling))
        .Distinct()
        .MinBy(load => posterior.ExpectedVarianceAfter(load));

    private static NextProbe Probe(SearchPolicy policy, IReadOnlyList<ProbeOutcome> outcomes, int load, ProbePass pass, ProbeReason why) =>
        new(load, pass, why, ProbeWindow.Seconds(policy, outcomes, load));
}

public abstract record SearchMove;

public sealed record NextProbe(int Concurrency, ProbePass Pass, ProbeReason Why, double Seconds) : SearchMove;

public sealed record SearchDone(SearchFinding Finding) : SearchMove;
