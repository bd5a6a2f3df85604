using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Tests.Search;

/// <summary>Plays the search against a truth until it is done, as the sweep does: every probe a fresh run.</summary>
internal static class SearchPlay
{
    /// <param name="meets">The truth: whether a launch at this load meets the SLA.</param>
    /// <param name="knee">What the laws predict once the lightest probe has run (the sweep asks them then); null: nothing binds.</param>
    /// <param name="latestKnee">What the laws predict from the probes so far (the sweep asks them after every probe).</param>
    /// <param name="margin">A launch's ln(p95 ÷ SLA) at a load; by default well below or well above the SLA, as a sharp knee's.</param>
    public static (SearchFinding Finding, List<ProbeOutcome> Probes) Play(
        SearchPolicy policy, Func<int, bool> meets, int loadGeneratorBoundFrom = int.MaxValue, int? knee = null,
        Func<IReadOnlyList<ProbeOutcome>, int?>? latestKnee = null, Func<int, bool, double?>? margin = null)
    {
        var outcomes = new List<ProbeOutcome>();
        int? first = null;
        for (var i = 0; i < 200; i++)
        {
            // As the sweep: the first knee the laws give is kept, the latest follows every probe.
            var latest = outcomes.Count > 0 ? latestKnee?.Invoke(outcomes) : null;
            first ??= outcomes.Count > 0 ? knee ?? latest : null;
            switch (CapacitySearch.Next(policy, outcomes, first, latest))
            {
                case SearchDone done:
                    return (done.Finding, outcomes);
                case NextProbe probe:
                    var bound = probe.Concurrency >= loadGeneratorBoundFrom;
                    var met = meets(probe.Concurrency);
                    outcomes.Add(new ProbeOutcome(probe.Concurrency, met, probe.Pass, bound)
                    {
                        Requests = 1000,
                        Seconds = probe.Seconds,
                        Margin = margin is null ? (met ? -1 : 1) : margin(probe.Concurrency, met),
                    });
                    break;
            }
        }

        throw new InvalidOperationException($"the search did not end: {string.Join(", ", outcomes)}");
    }

    /// <summary>A launch whose margin rises with log load through the knee, with the scatter between launches (seeded).</summary>
    public static Func<int, double> Launches(Random random, double knee, double scale, double scatter) => load =>
    {
        var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
        return scatter / scale * (Math.Log(load) - Math.Log(knee)) + scatter * normal;
    };
}
