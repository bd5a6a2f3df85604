using AsyncCapacity.Report.Search;

namespace AsyncCapacity.Tests.Search;

/// <summary>
/// The search's decisions as a pure function of step outcomes: each case is a variant whose verdict at every load is
/// known (a "truth", possibly noisy), and the search is played against it to the end, as the sweep would. These are the
/// grid strategy's cases (--search grid, the search before the laws led it); LawsLedSearchTests plays the default.
/// </summary>
public sealed class CapacitySearchTests
{
    private static readonly SearchPolicy Policy = new() { Coarse = [1, 10, 100, 1000], Strategy = SearchStrategy.Grid };

    [Fact]
    public void A_monotone_knee_is_bracketed_to_one_apart_and_both_ends_are_repeated_three_times()
    {
        // Act: meets up to 3 clients
        var (finding, probes) = Play(Policy, c => c <= 3);

        // Assert
        Assert.Equal(3, finding.Capacity);
        Assert.Equal(4, finding.MissedAt);
        Assert.Equal(new RunTally(3, 3), finding.AtCapacity);
        Assert.Equal(new RunTally(0, 3), finding.AtMissed);
        Assert.Null(finding.AtLeastBecause);
        Assert.Equal([1, 10, 100], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
        Assert.All(probes.Where(p => p.Pass == ProbePass.Narrow), p => Assert.InRange(p.Concurrency, 2, 9));
        Assert.True(probes.Count <= Policy.MaxProbes);
    }

    [Fact]
    public void A_high_knee_is_narrowed_to_within_ten_percent()
    {
        // Act: meets up to 437 clients
        var (finding, _) = Play(Policy, c => c <= 437);

        // Assert
        Assert.True(finding.MissedAt <= finding.Capacity * 1.1
            || finding.MissedAt - finding.Capacity == 1, $"{finding.Capacity}–{finding.MissedAt}");
        Assert.InRange(finding.Capacity!.Value, 398, 437);
        Assert.True(finding.MissedAt > 437);
    }

    [Fact]
    public void A_noisy_knee_is_decided_by_the_majority_of_three_runs_and_says_how_they_split()
    {
        // Arrange: 4 clients meet in the first run only (then miss), 3 always meet
        var runsAt4 = 0;
        bool Truth(int c) => c <= 3 || (c == 4 && runsAt4++ == 0);

        // Act
        var (finding, probes) = Play(Policy, Truth);

        // Assert
        Assert.Equal(3, finding.Capacity);
        Assert.Equal(4, finding.MissedAt);
        Assert.Equal(new RunTally(1, 3), finding.AtMissed);
        Assert.Equal(3, probes.Count(p => p.Concurrency == 4));
    }

    [Fact]
    public void A_repeat_that_flips_the_majority_moves_the_bracket_and_the_search_goes_on()
    {
        // Arrange: 4 clients miss once and then meet: its majority meets, so the knee lies above it
        var runsAt4 = 0;
        bool Truth(int c) => c <= 3 || (c == 4 && runsAt4++ > 0) || c == 5;

        // Act
        var (finding, _) = Play(Policy, Truth);

        // Assert
        Assert.Equal(5, finding.Capacity);
        Assert.Equal(6, finding.MissedAt);
        Assert.Equal(new RunTally(3, 3), finding.AtCapacity);
    }

    [Fact]
    public void A_variant_that_never_misses_climbs_until_the_ceiling_and_is_a_lower_bound()
    {
        // Act
        var (finding, probes) = Play(Policy with { Ceiling = 3000 }, _ => true);

        // Assert
        Assert.Equal(3000, finding.Capacity);
        Assert.Null(finding.MissedAt);
        Assert.Equal(StoppedBy.Ceiling, finding.AtLeastBecause);
        Assert.Equal([2000, 3000], probes.Where(p => p.Pass == ProbePass.Expand).Select(p => p.Concurrency));
        Assert.Equal(new RunTally(3, 3), finding.AtCapacity);
    }

    [Fact]
    public void A_climb_stops_where_the_load_generator_becomes_the_limit()
    {
        // Act: from 2000 clients on k6 is short of CPU; 2000 met all the same (its latency includes k6's own delay, so
        // the app served at least that); 4000 missed, but with k6 at its limit that may be k6's doing: the climb stops
        var (finding, probes) = Play(Policy, c => c < 3000, loadGeneratorBoundFrom: 2000);

        // Assert
        Assert.Equal(StoppedBy.LoadGenerator, finding.AtLeastBecause);
        Assert.Equal(2000, finding.Capacity);
        Assert.Null(finding.MissedAt);
        Assert.DoesNotContain(probes, p => p.Concurrency > 4000);
    }

    [Fact]
    public void A_variant_that_never_meets_goes_down_to_one_client_and_says_so()
    {
        // Act
        var (finding, probes) = Play(Policy with { Coarse = [1000, 2500, 5000, 10000] }, _ => false);

        // Assert
        Assert.Null(finding.Capacity);
        Assert.Equal("even 1 missed it in 3 of 3 runs", finding.NoneBecause);
        Assert.Equal([1000, 2500], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
        Assert.Equal(3, probes.Count(p => p.Concurrency == 1));
    }

    [Fact]
    public void A_knee_below_the_coarse_pass_is_found_going_down()
    {
        // Act: the blocking C10k variant: the declared steps start at 1000 clients, the knee is at 3
        var (finding, _) = Play(Policy with { Coarse = [1000, 2500, 5000, 10000] }, c => c <= 3);

        // Assert
        Assert.Equal(3, finding.Capacity);
        Assert.Equal(4, finding.MissedAt);
    }

    [Fact]
    public void The_budget_bounds_the_probes_and_a_wide_bracket_says_it_was_not_narrowed()
    {
        // Act
        var (finding, probes) = Play(Policy with { MaxSearchProbes = 2 }, c => c <= 437);

        // Assert
        Assert.Equal(Policy.Coarse.Count + 2, probes.Count);
        Assert.False(finding.Narrowed);
        Assert.True(finding.Capacity >= 100 && finding.MissedAt <= 1000, $"{finding.Capacity}–{finding.MissedAt}");
    }

    [Fact]
    public void Without_refining_the_capacity_is_read_off_the_grid()
    {
        // Act
        var top = Play(Policy with { Refine = false }, _ => true).Finding;
        var knee = Play(Policy with { Refine = false }, c => c <= 30).Finding;

        // Assert
        Assert.Equal((1000, StoppedBy.HighestStep), (top.Capacity, top.AtLeastBecause));
        Assert.Equal((10, 100), (knee.Capacity, knee.MissedAt));
        Assert.Equal(new RunTally(1, 1), knee.AtCapacity);
    }

    [Fact]
    public void Without_refining_every_step_of_the_grid_runs_even_past_misses()
    {
        // Act
        var (finding, probes) = Play(Policy with { Coarse = [1, 10, 50, 100, 200, 400], Refine = false }, c => c < 10);

        // Assert
        Assert.Equal([1, 10, 50, 100, 200, 400], probes.Select(p => p.Concurrency));
        Assert.Equal((1, 10), (finding.Capacity, finding.MissedAt));
    }

    [Fact]
    public void Without_refining_a_grid_that_never_meets_says_so_not_that_a_budget_ran_out()
    {
        // Act
        var (finding, probes) = Play(Policy with { Coarse = [100], Refine = false }, _ => false);

        // Assert
        Assert.Single(probes);
        Assert.Null(finding.Capacity);
        Assert.Equal("every step missed, down to 100 (the grid only: --search off)", finding.NoneBecause);
    }

    [Fact]
    public void The_coarse_pass_stops_climbing_after_two_misses_in_a_row()
    {
        // Act
        var (_, probes) = Play(Policy with { Coarse = [1, 10, 50, 100, 200, 400] }, c => c < 10);

        // Assert
        Assert.Equal([1, 10, 50], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
    }

    private static (SearchFinding Finding, List<ProbeOutcome> Probes) Play(
        SearchPolicy policy, Func<int, bool> meets, int loadGeneratorBoundFrom = int.MaxValue) =>
        SearchPlay.Play(policy, meets, loadGeneratorBoundFrom);
}
