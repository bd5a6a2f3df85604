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
