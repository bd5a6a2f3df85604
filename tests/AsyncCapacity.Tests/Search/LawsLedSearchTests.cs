using AsyncCapacity.Report.Search;
using static AsyncCapacity.Tests.Search.SearchPlay;

namespace AsyncCapacity.Tests.Search;

/// <summary>
/// The default search (--search on), led by the laws, played against known truths: the laws' knee first, repeats that
/// stop once their majority is certain, and a miss the load generator may have caused narrowed rather than final.
/// </summary>
public sealed class LawsLedSearchTests
{
    private static readonly SearchPolicy Laws = new() { Coarse = [1, 10, 100, 1000] };
    private static readonly SearchPolicy Grid = Laws with { Strategy = SearchStrategy.Grid };

    public static TheoryData<string, int[], int> Truths => new()
    {
        { "a knee at 3", [1, 10, 100, 1000], 3 },
        { "a knee at 437", [1, 10, 100, 1000], 437 },
        { "a knee at 61", [1, 10, 100, 1000], 61 },
        { "C10k's blocking knee, below the steps", [1000, 2500, 5000, 10000], 3 },
        { "never meets", [1000, 2500, 5000, 10000], 0 },
        { "never misses", [1, 10, 100, 1000], 20_000 },
    };

    [Theory]
    [MemberData(nameof(Truths))]
    public void Without_a_prediction_it_reaches_the_grids_verdict_in_fewer_probes(string truth, int[] steps, int knee)
    {
        // Act
        var (laws, lawsProbes) = Play(Laws with { Coarse = steps, Ceiling = 3000 }, c => c <= knee);
        var (grid, gridProbes) = Play(Grid with { Coarse = steps, Ceiling = 3000 }, c => c <= knee);

        // Assert
        Assert.Equal((grid.Capacity, grid.MissedAt, grid.AtLeastBecause, grid.NoneBecause is null),
            (laws.Capacity, laws.MissedAt, laws.AtLeastBecause, laws.NoneBecause is null));
        Assert.True(lawsProbes.Count < gridProbes.Count, $"{truth}: {lawsProbes.Count} probes vs the grid's {gridProbes.Count}");
        Assert.Equal(SearchStrategy.Laws, laws.Strategy);
        Assert.Null(laws.PredictedKnee);
    }

    [Fact]
    public void Repeats_stop_once_two_of_three_runs_agree()
    {
        // Act: meets up to 3 clients, every run alike
        var (finding, probes) = Play(Laws, c => c <= 3);

        // Assert: the grid strategy runs each end 3 times; here the third run could not change either verdict
        Assert.Equal((3, 4), (finding.Capacity, finding.MissedAt));
        Assert.Equal(new RunTally(2, 2), finding.AtCapacity);
        Assert.Equal(new RunTally(0, 2), finding.AtMissed);
        Assert.Equal(2, probes.Count(p => p.Pass == ProbePass.Repeat));
        Assert.Contains(probes, p => p.Pass == ProbePass.Repeat && p.Concurrency == 3);
    }

    [Fact]
    public void A_split_pair_of_runs_still_gets_its_third_and_the_split_is_kept()
    {
        // Arrange: 4 clients meet in the first run only
        var runsAt4 = 0;
        bool Truth(int c) => c <= 3 || (c == 4 && runsAt4++ == 0);

        // Act
        var (finding, probes) = Play(Laws, Truth);

        // Assert
        Assert.Equal((3, 4), (finding.Capacity, finding.MissedAt));
        Assert.Equal(new RunTally(1, 3), finding.AtMissed);
        Assert.Equal(3, probes.Count(p => p.Concurrency == 4));
    }

    [Fact]
    public void A_miss_the_load_generator_may_have_caused_narrows_to_the_largest_load_that_met_below_it()
    {
        // Arrange: k6 is short of CPU from 400 clients and its own delay misses the SLA from 700; the app would serve 3,000
        bool Truth(int c) => c < 700;

        // Act
        var (grid, _) = Play(Grid, Truth, loadGeneratorBoundFrom: 400);
        var (laws, probes) = Play(Laws, Truth, loadGeneratorBoundFrom: 400);

        // Assert: the grid stopped at the first such miss (1,000), a lower bound of 100; led by the laws, the bracket below
        // that miss narrows to a quarter, and the bound is the largest load that met
        Assert.Equal((100, StoppedBy.LoadGenerator), (grid.Capacity, grid.AtLeastBecause));
        Assert.Equal(StoppedBy.LoadGenerator, laws.AtLeastBecause);
        Assert.InRange(laws.Capacity!.Value, 560, 699);
        Assert.NotNull(laws.LoadGeneratorMissedAt);
        Assert.True(laws.LoadGeneratorMissedAt <= laws.Capacity * 1.25, $"{laws.Capacity}–{laws.LoadGeneratorMissedAt}");
        Assert.Null(laws.MissedAt);
        Assert.All(probes.Where(p => p.Concurrency > laws.Capacity), p => Assert.False(p.Meets));
    }

    [Fact]
    public void A_climb_with_nothing_missed_jumps_to_the_laws_knee_from_the_probes_so_far()
    {
        // Arrange: db async: read at 1 client, the CPU per request puts the knee at 74; from the heavier probes the laws
        // put it at 1,500; the app meets up to 1,400, k6 short of CPU from 1,200
        var policy = Laws;
        static int? Latest(IReadOnlyList<ProbeOutcome> probes) => probes.Count == 1 ? 74 : 1500;

        // Act
        var (doubling, doublingProbes) = Play(policy, c => c <= 1400, loadGeneratorBoundFrom: 1200, knee: 74);
        var (jumping, probes) = Play(policy, c => c <= 1400, loadGeneratorBoundFrom: 1200, knee: 74, latestKnee: Latest);

        // Assert: 74 met, then at most ×8 (592), then the knee itself; the same bracket in fewer probes
        Assert.Equal([1, 74, 592, 1500], probes.Take(4).Select(p => p.Concurrency));
        Assert.Equal("the laws' knee from the probes so far, 1500", CapacitySearch.Next(policy, probes.Take(2).ToList(), 74, 1500)
            is NextProbe { Why: var why } ? why : null);
        Assert.Equal(74, jumping.PredictedKnee);
        Assert.InRange(jumping.Capacity!.Value, 1200, 1400);
        Assert.True(probes.Count < doublingProbes.Count, $"{probes.Count} probes vs {doublingProbes.Count} doubling");
        Assert.Equal(doubling.AtLeastBecause, jumping.AtLeastBecause);
    }

    [Fact]
    public void A_knee_first_known_after_the_coarse_pass_passed_it_is_not_probed()
    {
        // Arrange: sleep async: 1 client took too few requests to read the CPU; after 10 and 100 clients the laws say 50
        static int? Latest(IReadOnlyList<ProbeOutcome> probes) => probes.Count >= 3 ? 50 : null;

        // Act
        var (_, probes) = Play(Laws, c => c <= 400, knee: null, latestKnee: Latest);

        // Assert: 100 met already, so the knee of 50 says nothing new: no probe there
        Assert.DoesNotContain(probes, p => p.Concurrency == 50);
    }

    [Fact]
    public void A_halving_from_the_knee_that_would_land_beside_an_end_probes_the_middle_instead()
    {
        // Arrange: websocket async: the laws say 397, k6 is short of CPU from 200 and misses from 301
        var policy = Laws with { Coarse = [10, 100, 500, 1000] };

        // Act
        var (finding, probes) = Play(policy, c => c <= 300, loadGeneratorBoundFrom: 200, knee: 397);

        // Assert: 397 missed (k6), 198 met; 397 ÷ 2 is 198 again, so the next is their middle, 280, not 199
        Assert.Equal([10, 397, 198, 280], probes.Take(4).Select(p => p.Concurrency));
        Assert.Equal((280, StoppedBy.LoadGenerator), (finding.Capacity, finding.AtLeastBecause));
    }

    [Fact]
    public void It_probes_the_predicted_knee_after_the_lightest_step_and_brackets_around_it()
    {
        // Act: sleep sync: 2 pool threads ÷ 500 ms, the laws say 2; it meets up to 2
        var (finding, probes) = Play(Laws, c => c <= 2, knee: 2);
        var (_, gridProbes) = Play(Grid, c => c <= 2);

        // Assert
        Assert.Equal([1, 2, 4, 3], probes.Take(4).Select(p => p.Concurrency));
        Assert.Equal(ProbePass.Expand, probes[1].Pass);
        Assert.Equal((2, 3, 2), (finding.Capacity, finding.MissedAt, finding.PredictedKnee));
        Assert.DoesNotContain(probes, p => p.Concurrency >= 10);
        Assert.True(probes.Count < gridProbes.Count, $"{probes.Count} probes vs the grid's {gridProbes.Count}");
    }

    [Theory]
    [InlineData(38, 57)] // db sync: the pool grew past the minimum's 38
    [InlineData(62, 61)] // audit bounded: as predicted
    [InlineData(1000, 125)] // a CPU bound read too high
    [InlineData(2, 5)] // connections sync, whose steps start at 1,000
    public void From_a_prediction_it_finds_the_knee_to_ten_percent_wherever_the_truth_lies(int knee, int truth)
    {
        // Arrange
        var steps = knee == 2 ? new[] { 1000, 2500, 5000, 10000 } : [1, 10, 100, 1000];

        // Act
        var (finding, probes) = Play(Laws with { Coarse = steps }, c => c <= truth, knee: knee);

        // Assert
        Assert.True(finding.Capacity <= truth && finding.MissedAt > truth, $"{finding.Capacity}–{finding.MissedAt}");
        Assert.True(finding.MissedAt <= finding.Capacity * 1.1 || finding.MissedAt - finding.Capacity == 1,
            $"{finding.Capacity}–{finding.MissedAt}");
        Assert.Equal(knee, finding.PredictedKnee);
        Assert.Equal(knee, probes[1].Concurrency);
        Assert.Single(probes, p => p.Pass == ProbePass.Coarse);
        Assert.True(probes.Count <= Laws.MaxProbes, $"{probes.Count} probes");
    }

    [Fact]
    public void A_prediction_the_lightest_step_already_passed_leaves_the_declared_steps_to_lead()
    {
        // Act: websocket sync: the laws say 2 (the pool's minimum), but 10 clients met
        var (finding, probes) = Play(Laws with { Coarse = [10, 100, 500, 1000] }, c => c <= 50, knee: 2);

        // Assert
        Assert.Null(finding.PredictedKnee);
        Assert.Equal([10, 100, 500], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
        Assert.True(finding.Capacity <= 50 && finding.MissedAt > 50, $"{finding.Capacity}–{finding.MissedAt}");
    }

    [Fact]
    public void The_grid_strategy_ignores_a_prediction()
    {
        // Act
        var (finding, probes) = Play(Grid, c => c <= 2, knee: 2);

        // Assert
        Assert.Equal([1, 10, 100], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
        Assert.Null(finding.PredictedKnee);
        Assert.Equal(new RunTally(3, 3), finding.AtCapacity);
    }
}
