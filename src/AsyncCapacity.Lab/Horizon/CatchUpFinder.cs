using AsyncCapacity.Lab.Judge;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>Finds when a held load is caught up with, from its seconds as k6 and the runtime reader recorded them. Each second
/// is judged by the SLA's one rule (k6-scripts/lib/judge.js, through <see cref="SlaJudge"/>) on the window that ends with it;
/// a second the series lacks (a gap) is neither met nor missed.</summary>
public static class CatchUpFinder
{
    public static CatchUp Find(IReadOnlyList<HeldSecond> seconds, HoldTerms terms)
    {
        var verdicts = Verdicts(seconds, terms);
        if (verdicts.Count == 0)
        {
            return new CatchUp(null, 0, -1);
        }

        var last = verdicts[^1].Second;
        var lastMiss = verdicts.LastOrDefault(v => !v.Meets);
        var met = verdicts.Where(v => v.Meets && (lastMiss is null || v.Second > lastMiss.Second)).ToList();
        return met.Count == 0 ? new CatchUp(null, 0, last) : new CatchUp(met[0].Second, met.Count, last);
    }

    /// <summary>Where a held load read for its whole length would have ended, had it been stopped by the rule a measured one is
    /// (<see cref="HoldTerms.MayEnd"/>): the catch-up of the first prefix met for the confirmation span, or null. A second's verdict
    /// reads only its own window, so the verdicts are made once and their streaks read in order.</summary>
    public static int? FirstConfirmed(IReadOnlyList<HeldSecond> seconds, HoldTerms terms)
    {
        int? since = null;
        var streak = 0;
        foreach (var verdict in Verdicts(seconds, terms))
        {
            (since, streak) = verdict.Meets ? (since ?? verdict.Second, streak + 1) : ((int?)null, 0);
            if (since is not null && streak >= terms.ConfirmSeconds)
            {
                return since;
            }
        }

        return null;
    }

    /// <summary>Every second the series holds, judged on its window, in order.</summary>
    public static IReadOnlyList<SecondVerdict> Verdicts(IReadOnlyList<HeldSecond> seconds, HoldTerms terms)
    {
        var ordered = seconds.OrderBy(s => s.Second).ToList();
        var verdicts = new List<SecondVerdict>(ordered.Count);
        for (var i = 0; i < ordered.Count; i++)
        {
            var end = ordered[i].Second;
            var window = ordered.Where(s => s.Second > end - terms.WindowSeconds && s.Second <= end).ToList();
            verdicts.Add(new SecondVerdict(end, SlaJudge.Of(Samples(window, terms), terms.Plan(window.Count), terms.Sla).Meets));
        }

        return verdicts;
    }

    /// <summary>A window as judge.js reads a step: its counts summed, and for its p95 the highest second's, which no request of
    /// the window's exceeds more often than 5% (each second's 5% lies above its own p95 only).</summary>
    private static ProbeSamples Samples(List<HeldSecond> window, HoldTerms terms)
    {
        var p95 = window.Max(s => s.P95Ms);
        var durations = p95 is null ? null : new Percentiles(null, null, null, null, null, p95, null);
        var sessions = terms.Sessions;
        return new ProbeSamples("window", terms.Concurrency, 0, 0, window.Count * 1000L, window.Sum(s => s.Requests),
            window.Sum(s => s.Failed), durations, null,
            ConnectionsFailed: sessions ? window.Sum(s => s.SessionsFailed ?? 0) : null,
            ConnectionsDropped: sessions ? window.Sum(s => s.SessionsDropped ?? 0) : null);
    }
}

public sealed record SecondVerdict(int Second, bool Meets);

/// <summary>When a held load was caught up with: the first second from which every later second met the SLA, and for how many
/// seconds that has held by the last one read. Null At: the last second read missed, or none met.</summary>
public sealed record CatchUp(int? At, int StayedFor, int LastSecond)
{
    public bool Confirmed(int confirmSeconds) => At is not null && StayedFor >= confirmSeconds;
}
