using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;
using static AsyncCapacity.Tests.Sweep.Simulation;

namespace AsyncCapacity.Tests.Search;

/// <summary>
/// The search played through the lab's loop against known truths: the laws' knee first, a climb that follows them, then probes where the outcome
/// is least certain until the knee's 90% interval is within ±10% or the budget is spent; lower bounds that say what stopped them.
/// </summary>
public sealed class CapacitySearchTests
{
    private static readonly SearchPolicy Policy = new() { Coarse = [1, 10, 100, 1000] };

    [Fact]
    public async Task It_probes_the_predicted_knee_after_the_lightest_step_and_stops_at_two_neighbouring_loads()
    {
        // Act: sleep sync: 2 pool threads ÷ 500 ms, the laws say 2; it meets up to 2
        var (finding, probes) = await PlayAsync(Policy, c => c <= 2, knee: 2);

        // Assert
        Assert.Equal([1, 2, 4, 3], probes.Select(p => p.Concurrency));
        Assert.Equal(ProbePass.Expand, probes[1].Pass);
        Assert.Equal((2, 2, 2), (finding.Capacity, finding.Estimate!.LowLoad, finding.Estimate.HighLoad));
        Assert.True(finding.Narrowed);
        Assert.Equal((SearchStrategy.Estimate, 2), (finding.Strategy, finding.PredictedKnee));
    }

    [Theory]
    [InlineData(38, 57)] // db sync: the pool grew past the minimum's 38
    [InlineData(62, 61)] // audit bounded: as predicted
    [InlineData(1000, 125)] // a CPU bound read too high
    [InlineData(2, 5)] // connections sync, whose steps start at 1,000
    public async Task From_a_prediction_it_estimates_a_sharp_knee_within_ten_percent_wherever_the_truth_lies(int knee, int truth)
    {
        // Arrange
        var steps = knee == 2 ? new[] { 1000, 2500, 5000, 10000 } : [1, 10, 100, 1000];

        // Act
        var (finding, probes) = await PlayAsync(Policy with { Coarse = steps }, c => c <= truth, knee: knee);

        // Assert: the knee lies between the truth and the next load
        var estimate = finding.Estimate!;
        Assert.True(estimate.LowLoad <= truth && estimate.HighLoad >= truth, $"{estimate} for a truth of {truth}");
        Assert.True(finding.Narrowed, $"{estimate} after {probes.Count} probes");
        Assert.Equal(knee, probes[1].Concurrency);
        Assert.True(probes.Count <= Policy.MaxProbes, $"{probes.Count} probes");
    }

    [Fact]
    public async Task A_sharp_knee_stops_early_and_a_knee_that_turns_slowly_spends_the_budget_and_says_so()
    {
        // Arrange: launches whose p95 scatters about a line through the knee at 60 clients (seeded)
        var sharp = Launches.Around(new Random(1), knee: 60, scale: 0.03, scatter: 0.15);
        var flat = Launches.Around(new Random(1), knee: 60, scale: 0.3, scatter: 0.1);

        // Act
        var (quick, quickProbes) = await PlayLaunchesAsync(sharp);
        var (slow, slowProbes) = await PlayLaunchesAsync(flat);

        // Assert
        Assert.True(quick.Narrowed, $"{quick.Estimate}");
        Assert.True(quickProbes.Count(p => p.Pass != ProbePass.Coarse) < Policy.MaxSearchProbes, $"{quickProbes.Count} probes");
        Assert.False(slow.Narrowed, $"{slow.Estimate}");
        Assert.Equal(Policy.MaxSearchProbes, slowProbes.Count(p => p.Pass != ProbePass.Coarse));
        Assert.True(slow.Estimate!.HighLoad - slow.Estimate.LowLoad > quick.Estimate!.HighLoad - quick.Estimate.LowLoad,
            $"slow {slow.Estimate}, quick {quick.Estimate}");

        static Task<(SearchFinding, List<ProbeOutcome>)> PlayLaunchesAsync(Func<int, double> launch)
        {
            var margins = new Dictionary<int, Queue<double>>();
            return PlayAsync(Policy, c => Margin(c) <= 0, knee: 40, margin: (c, _) => margins[c].Dequeue());

            // One launch per probe: its margin decides its verdict and is what the estimate reads.
            double Margin(int load)
            {
                var z = launch(load);
                (margins.TryGetValue(load, out var queue) ? queue : margins[load] = new Queue<double>()).Enqueue(z);
                return z;
            }
        }
    }

    [Fact]
    public void Neighbours_of_which_the_one_that_met_was_too_thin_to_judge_run_it_again_in_a_window_long_enough_once()
    {
        // Arrange: sleep sync under one CPU: 1 client met with 8 requests in its 4 s (too few for a p95), 2 clients missed
        var thin = new ProbeOutcome(1, Meets: true) { Judged = false, Requests = 8, Seconds = 4 };
        var missed = new ProbeOutcome(2, Meets: false, ProbePass.Expand) { Requests = 15, Seconds = 4, Margin = 0.05 };

        // Act
        var again = Assert.IsType<NextProbe>(CapacitySearch.Next(Policy, [thin, missed], predictedKnee: 2));
        var judged = CapacitySearch.Next(Policy,
            [thin, missed with { Margin = 1 }, new ProbeOutcome(1, true, ProbePass.Narrow) { Requests = 30, Seconds = 15, Margin = -0.7 }], predictedKnee: 2);
        var stillThin = CapacitySearch.Next(Policy, [thin, missed, thin with { Pass = ProbePass.Narrow }], predictedKnee: 2);

        // Assert: 1 again, its window stretched to 20 requests and a margin at the 2 req/s it served; then the knee (a sharp miss
        // beside it), or, still thin after that, the lower bound
        Assert.Equal((1, ProbeReasonKind.TooFewToJudge), (again.Concurrency, again.Why.Kind));
        Assert.Equal(15, again.Seconds);
        Assert.Equal("1 again, in a window long enough to judge it", ProbeReasonText.Of(again.Why));
        Assert.Equal(1, Assert.IsType<SearchDone>(judged).Finding.Capacity);
        Assert.Null(Assert.IsType<SearchDone>(judged).Finding.AtLeastBecause);
        Assert.Equal(1, Assert.IsType<SearchDone>(stillThin).Finding.Capacity);
        Assert.NotNull(Assert.IsType<SearchDone>(stillThin).Finding.AtLeastBecause);
    }

    [Fact]
    public async Task A_climb_with_nothing_missed_jumps_to_the_laws_knee_from_the_probes_so_far()
    {
        // Arrange: db async: read at 1 client, the CPU per request puts the knee at 74; from the heavier probes the laws
        // put it at 1,500; the app meets up to 1,400, k6 short of CPU from 1,200
        static int? Latest(IReadOnlyList<ProbeOutcome> probes) => probes.Count == 1 ? 74 : 1500;

        // Act
        var (doubling, doublingProbes) = await PlayAsync(Policy, c => c <= 1400, loadGeneratorBoundFrom: 1200, knee: 74);
        var (jumping, probes) = await PlayAsync(Policy, c => c <= 1400, loadGeneratorBoundFrom: 1200, knee: 74, latestKnee: Latest);

        // Assert: 74 met, then at most ×8 (592), then the knee itself; the same bound in fewer probes
        Assert.Equal([1, 74, 592, 1500], probes.Take(4).Select(p => p.Concurrency));
        Assert.Equal("the laws' knee from the probes so far, 1500", CapacitySearch.Next(Policy, probes.Take(2).ToList(), 74, 1500)
            is NextProbe { Why: var why } ? ProbeReasonText.Of(why) : null);
        Assert.Equal(74, jumping.PredictedKnee);
        Assert.InRange(jumping.Capacity!.Value, 1200, 1400);
        Assert.True(probes.Count < doublingProbes.Count, $"{probes.Count} probes vs {doublingProbes.Count} doubling");
        Assert.Equal(doubling.AtLeastBecause, jumping.AtLeastBecause);
    }

    [Fact]
    public async Task A_miss_the_load_generator_may_have_caused_narrows_to_the_largest_load_that_met_below_it()
    {
        // Arrange: k6 is short of CPU from 400 clients and its own delay misses the SLA from 700; the app would serve 3,000
        bool Truth(int c) => c < 700;

        // Act
        var (finding, probes) = await PlayAsync(Policy, Truth, loadGeneratorBoundFrom: 400);

        // Assert: the bracket below that miss narrows to a quarter, and the bound is the largest load that met
        Assert.Equal(StoppedBy.LoadGenerator, finding.AtLeastBecause);
        Assert.InRange(finding.Capacity!.Value, 560, 699);
        Assert.True(finding.LoadGeneratorMissedAt <= finding.Capacity * 1.25, $"{finding.Capacity}–{finding.LoadGeneratorMissedAt}");
        Assert.Null(finding.Estimate);
        Assert.All(probes.Where(p => p.Concurrency > finding.Capacity), p => Assert.False(p.Meets));
    }

    [Fact]
    public async Task A_knee_first_known_after_the_coarse_pass_passed_it_is_not_probed()
    {
        // Arrange: sleep async: 1 client took too few requests to read the CPU; after 10 and 100 clients the laws say 50
        static int? Latest(IReadOnlyList<ProbeOutcome> probes) => probes.Count >= 3 ? 50 : null;

        // Act
        var (_, probes) = await PlayAsync(Policy, c => c <= 400, latestKnee: Latest);

        // Assert: 100 met already, so the knee of 50 says nothing new: no probe there
        Assert.DoesNotContain(probes, p => p.Concurrency == 50);
    }

    [Fact]
    public async Task A_halving_from_the_knee_that_would_land_beside_an_end_probes_the_middle_instead()
    {
        // Arrange: websocket async: the laws say 397, k6 is short of CPU from 200 and misses from 301
        var policy = Policy with { Coarse = [10, 100, 500, 1000] };

        // Act
        var (finding, probes) = await PlayAsync(policy, c => c <= 300, loadGeneratorBoundFrom: 200, knee: 397);

        // Assert: 397 missed (k6), 198 met; 397 ÷ 2 is 198 again, so the next is their middle, 280, not 199
        Assert.Equal([10, 397, 198, 280], probes.Take(4).Select(p => p.Concurrency));
        Assert.Equal((280, StoppedBy.LoadGenerator), (finding.Capacity, finding.AtLeastBecause));
    }

    [Fact]
    public async Task A_prediction_the_lightest_step_already_passed_leaves_the_declared_steps_to_lead()
    {
        // Act: websocket sync: the laws say 2 (the pool's minimum), but 10 clients met
        var (finding, probes) = await PlayAsync(Policy with { Coarse = [10, 100, 500, 1000] }, c => c <= 50, knee: 2);

        // Assert
        Assert.Null(finding.PredictedKnee);
        Assert.Equal([10, 100, 500], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
        Assert.True(finding.Estimate!.LowLoad <= 50 && finding.Estimate.HighLoad >= 50, $"{finding.Estimate}");
    }

    [Fact]
    public async Task A_variant_that_never_misses_climbs_until_the_ceiling_and_is_a_lower_bound()
    {
        // Act
        var (finding, probes) = await PlayAsync(Policy with { Ceiling = 3000 }, _ => true);

        // Assert
        Assert.Equal((3000, StoppedBy.Ceiling), (finding.Capacity, finding.AtLeastBecause));
        Assert.Null(finding.Estimate);
        Assert.Equal([2000, 3000], probes.Where(p => p.Pass == ProbePass.Expand).Select(p => p.Concurrency));
    }

    [Fact]
    public async Task A_variant_that_never_meets_goes_down_to_one_client_and_says_so()
    {
        // Act
        var (finding, probes) = await PlayAsync(Policy with { Coarse = [1000, 2500, 5000, 10000] }, _ => false);

        // Assert
        Assert.Null(finding.Capacity);
        Assert.Equal("even 1 missed it", NoCapacityText.Of(finding.NoneBecause));
        Assert.Equal([1000, 2500], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
        Assert.Single(probes, p => p.Concurrency == 1);
    }

    [Fact]
    public async Task The_headline_load_is_probed_once_whatever_the_knee()
    {
        // Act: connections sync, its knee at 3 far below the C10k claim
        var policy = Policy with { Coarse = [1000, 2500, 5000, 10000], Headline = 10_000 };
        var (finding, probes) = await PlayAsync(policy, c => c <= 3);

        // Assert
        Assert.Equal(3, finding.Capacity);
        var headline = Assert.Single(probes, p => p.Concurrency == 10_000);
        Assert.Equal(ProbePass.Headline, headline.Pass);
        Assert.Same(headline, probes[^1]);
        Assert.True(probes.Count <= policy.MaxProbes, $"{probes.Count} of at most {policy.MaxProbes}");
    }

    [Fact]
    public async Task The_budget_bounds_the_probes_and_the_interval_says_it_was_not_narrowed()
    {
        // Act
        var (finding, probes) = await PlayAsync(Policy with { MaxSearchProbes = 2 }, c => c <= 437);

        // Assert
        Assert.Equal(Policy.Coarse.Count + 2, probes.Count);
        Assert.False(finding.Narrowed);
        Assert.True(finding.Estimate!.LowLoad <= 437 && finding.Estimate.HighLoad >= 437, $"{finding.Estimate}");
    }

    [Fact]
    public async Task Without_refining_every_step_runs_and_the_knee_is_estimated_from_them()
    {
        // Act
        var top = (await PlayAsync(Policy with { Refine = false }, _ => true)).Finding;
        var (knee, probes) = await PlayAsync(Policy with { Coarse = [1, 10, 50, 100, 200, 400], Refine = false }, c => c <= 30);

        // Assert
        Assert.Equal((1000, StoppedBy.HighestStep), (top.Capacity, top.AtLeastBecause));
        Assert.Equal([1, 10, 50, 100, 200, 400], probes.Select(p => p.Concurrency));
        Assert.True(knee.Estimate!.LowLoad >= 10 && knee.Estimate.HighLoad <= 50, $"{knee.Estimate}");
        Assert.Null(knee.Strategy);
    }

    [Fact]
    public async Task Without_refining_a_grid_that_never_meets_says_so_not_that_a_budget_ran_out()
    {
        // Act
        var (finding, probes) = await PlayAsync(Policy with { Coarse = [100], Refine = false }, _ => false);

        // Assert
        Assert.Single(probes);
        Assert.Null(finding.Capacity);
        Assert.Equal("every step missed, down to 100 (the grid only: --search off)", NoCapacityText.Of(finding.NoneBecause));
    }

    [Fact]
    public async Task The_coarse_pass_stops_climbing_after_two_misses_in_a_row()
    {
        // Act
        var (_, probes) = await PlayAsync(Policy with { Coarse = [1, 10, 50, 100, 200, 400] }, c => c < 10);

        // Assert
        Assert.Equal([1, 10, 50], probes.Where(p => p.Pass == ProbePass.Coarse).Select(p => p.Concurrency));
    }
}
