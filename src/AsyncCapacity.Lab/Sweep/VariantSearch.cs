using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>One variant's capacity search, asked probe by probe: the outcomes so far and the knee the laws read off them.</summary>
internal sealed class VariantSearch(SearchPolicy policy)
{
    private readonly List<ProbeOutcome> _outcomes = [];
    private int? _knee;
    private int? _latestKnee;
    private SearchFinding? _finding;

    public SearchFinding Finding => _finding ?? throw new InvalidOperationException("The search is not done yet.");

    public int Probes => _outcomes.Count;

    /// <summary>The next probe; null once the search is done, its <see cref="Finding"/> set.</summary>
    public NextProbe? Next()
    {
        switch (CapacitySearch.Next(policy, _outcomes, _knee, _latestKnee))
        {
            case NextProbe probe:
                return probe;
            case SearchDone done:
                _finding = done.Finding;
                return null;
            case var move:
                throw new InvalidOperationException($"The capacity search answered {move}, neither a probe nor a finding.");
        }
    }

    public int RunAt(int load) => _outcomes.Count(o => o.Concurrency == load) + 1;

    /// <summary>After the lightest probe the laws know R₀ and the CPU per request: the search looks where they put the knee, and
    /// each probe after it reads the CPU per request again (lower at heavier loads), so the climb follows the knee as it moves.</summary>
    public void Record(ProbeOutcome outcome, Func<int?> predictedKnee)
    {
        _outcomes.Add(outcome);
        if (policy.Refine)
        {
            _latestKnee = predictedKnee();
            _knee ??= _latestKnee;
        }
    }
}
