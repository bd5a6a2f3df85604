namespace AsyncCapacity.Lab.Search;

internal sealed record Bracket(
    SearchPolicy Policy, IReadOnlyList<ProbeOutcome> Outcomes, IReadOnlyDictionary<int, Tally> Tallies, int Budget, int? Knee)
{
    public int? LatestKnee { get; init; }

    public static bool Wide(int low, int high, double precision) => high - low > 1 && high > low * (1 + precision);

    /// <summary>Beside the laws' knee, a doubling from the end near it: the knee is expected there, not halfway across a decade.</summary>
    public int Middle(int low, int high)
    {
        var middle = (int)Math.Round(Math.Sqrt((double)low * high));
        // A doubling or a halving that lands on an end (397 ÷ 2 beside 198) would probe what is known: the middle then.
        if (Knee is { } knee && high > low * 2)
        {
            middle = low * 2 >= knee && low < knee * 4 ? low * 2
                : high <= knee * 2 && high * 4 > knee && high / 2 > low + 1 ? high / 2
                : middle;
        }

        return Math.Clamp(middle, low + 1, high - 1);
    }
}

/// <summary>A run too thin to judge still steers; k6 being the limit in any run, or a failed run, makes a miss untrustworthy
/// upwards.</summary>
internal sealed record Tally(int Concurrency, int Met, int Runs, bool LoadGeneratorBound)
{
    public bool Meets => Met * 2 > Runs;

    public bool Failed { get; init; }

    public static Dictionary<int, Tally> Of(IEnumerable<ProbeOutcome> outcomes) => outcomes
        .GroupBy(o => o.Concurrency)
        .ToDictionary(g => g.Key, g => new Tally(g.Key, g.Count(o => o.Meets), g.Count(), g.Any(o => o.LoadGeneratorBound || o.Failed))
        {
            Failed = g.All(o => o.Failed),
        });
}
