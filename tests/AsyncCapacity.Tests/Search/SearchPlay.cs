using AsyncCapacity.Report.Search;

namespace AsyncCapacity.Tests.Search;

/// <summary>Plays the search against a truth until it is done, as the sweep does: every probe a fresh run.</summary>
internal static class SearchPlay
{
    /// <param name="knee">What the laws predict once the lightest probe has run (the sweep asks them then); null: nothing binds.</param>
    /// <param name="latestKnee">What the laws predict from the probes so far (the sweep asks them after every probe).</param>
    public static (SearchFinding Finding, List<ProbeOutcome> Probes) Play(
        SearchPolicy policy, Func<int, bool> meets, int loadGeneratorBoundFrom = int.MaxValue, int? knee = null,
        Func<IReadOnlyList<ProbeOutcome>, int?>? latestKnee = null)
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
                    outcomes.Add(new ProbeOutcome(probe.Concurrency, meets(probe.Concurrency), probe.Pass, bound));
                    break;
            }
        }

        throw new InvalidOperationException($"the search did not end: {string.Join(", ", outcomes)}");
    }
}
