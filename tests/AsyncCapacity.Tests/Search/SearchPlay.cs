using AsyncCapacity.Report.Search;

namespace AsyncCapacity.Tests.Search;

/// <summary>Plays the search against a truth until it is done, as the sweep does: every probe a fresh run.</summary>
internal static class SearchPlay
{
    /// <param name="knee">What the laws predict once the lightest probe has run (the sweep asks them then); null: nothing binds.</param>
    public static (SearchFinding Finding, List<ProbeOutcome> Probes) Play(
        SearchPolicy policy, Func<int, bool> meets, int loadGeneratorBoundFrom = int.MaxValue, int? knee = null)
    {
        var outcomes = new List<ProbeOutcome>();
        for (var i = 0; i < 200; i++)
        {
            var predicted = outcomes.Count > 0 ? knee : null;
            switch (CapacitySearch.Next(policy, outcomes, predicted))
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
