using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Tests.Search;

/// <summary>
/// The knee's estimate on simulated launches with a known knee and a known scatter (seeded): its 90% interval holds the true
/// knee in about 90% of runs, whether the knee is sharp or turns slowly, and it is no wider than the launches allow.
/// </summary>
public sealed class KneeEstimateTests
{
    /// <summary>Eleven probes around the knee, as a search that found it leaves them.</summary>
    private static readonly double[] Design = [0.5, 0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2, 1.4, 2.0];

    [Theory]
    [InlineData("sharp", 60, 0.05, 0.2)] // p95 climbs steeply through the SLA: db sync, websocket sync
    [InlineData("flat", 3000, 0.2, 0.05)] // p95 hugs the SLA over a range: connections async
    public void Its_interval_covers_the_true_knee_in_85_to_95_percent_of_200_runs(string knee, double truth, double scale, double scatter)
    {
        // Arrange
        var random = new Random(7);
        var launch = Launches.Around(random, truth, scale, scatter);

        // Act
        var estimates = Enumerable.Range(0, 200).Select(_ => KneeEstimate.Of([.. Design
            .Select(d => (int)Math.Round(truth * d))
            .Select(load => launch(load) is var z ? new ProbeOutcome(load, z <= 0) { Margin = z } : null!)])!).ToList();

        // Assert
        var covered = estimates.Count(e => e.Low <= truth && truth <= e.High);
        Assert.InRange(covered, 170, 190);
        // No wider than it must be: the median interval against the spread of the estimates themselves (5th to 95th).
        var knees = estimates.Select(e => e.Knee).Order().ToList();
        var spread = knees[189] - knees[10];
        var width = estimates.Select(e => e.High - e.Low).Order().ElementAt(100);
        Assert.True(width <= 1.5 * spread, $"{knee}: median interval {width:0.#}, estimates' 90% spread {spread:0.#}");
    }

    [Fact]
    public void A_knee_just_below_a_load_whose_launches_all_miss_by_a_hair_is_read_by_their_verdicts()
    {
        // Arrange: sleep sync: 1 and 2 clients meet at half the SLA; at 3 the third request waits a whole sleep for a
        // thread, 1,003 ms against 1 s; 4 miss by half again
        ProbeOutcome[] probes =
        [
            new(1, true) { Margin = -0.69 }, new(2, true) { Margin = -0.69 },
            new(4, false) { Margin = 0.4 }, new(3, false) { Margin = 0.003 },
        ];
        ProbeOutcome[] again = [.. probes, new(3, false) { Margin = 0.004 }, new(3, false) { Margin = 0.002 }];

        // Act
        var once = KneeEstimate.Of(probes)!;
        var thrice = KneeEstimate.Of(again)!;

        // Assert: a margin within 1% counts by its side only: one miss at 3 leaves the knee about 3; three misses there put
        // it below 3, capacity 2, within a load of the knee: as sure as the search needs
        Assert.Equal((2, 3), (once.LowLoad, once.HighLoad));
        Assert.False(once.Within(0.1), $"{once}");
        Assert.Equal((2, 2), (thrice.Capacity, thrice.LowLoad));
        Assert.True(thrice.High < once.High && thrice.Within(0.1), $"{thrice} against {once}");
    }

    [Fact]
    public void Verdicts_without_a_margin_still_estimate_the_knee()
    {
        // Arrange: audit bounded misses by 503s, not by its p95: only the verdicts say where the knee is
        ProbeOutcome[] probes = [new(1, true), new(50, true), new(60, true), new(70, false), new(65, false), new(100, false)];

        // Act
        var estimate = KneeEstimate.Of(probes)!;

        // Assert
        Assert.InRange(estimate.Knee, 60, 65);
        Assert.True(estimate.LowLoad <= 60 && estimate.HighLoad >= 65, $"{estimate}");
    }

    [Fact]
    public void A_probe_too_thin_to_judge_and_a_miss_k6_may_have_caused_are_left_out()
    {
        // Arrange
        ProbeOutcome[] judged = [new(10, true) { Margin = -1 }, new(40, false) { Margin = 1 }];
        ProbeOutcome[] withOthers =
        [
            .. judged, new(20, false) { Judged = false, Margin = 1 }, new(30, false, LoadGeneratorBound: true) { Margin = 1 },
        ];

        // Act
        var estimate = KneeEstimate.Of(withOthers);

        // Assert
        Assert.Equal(KneeEstimate.Of(judged), estimate);
        Assert.Equal(2, estimate!.Probes);
        Assert.Null(KneeEstimate.Of([new(10, true), new(20, false) { Judged = false }]));
    }

    [Fact]
    public void A_window_is_stretched_where_the_nearest_probe_says_too_few_requests_would_complete()
    {
        // Arrange: sleep sync at 1 client: 8 answers in a 4 s window (500 ms each)
        var policy = new SearchPolicy { Coarse = [1], WindowSeconds = 4 };
        ProbeOutcome[] lightest = [new(1, true) { Requests = 8, Seconds = 4 }];

        // Act
        var atTwo = ProbeWindow.Seconds(policy, lightest, 2);
        var atFifty = ProbeWindow.Seconds(policy, lightest, 50);
        var atFirst = ProbeWindow.Seconds(policy, [], 1);

        // Assert: 2 clients are expected to complete 2√2 a second (growth above a probe is taken as its square root), so 30
        // requests take 11 s; 50 clients are fast enough; the first probe gets the profile's; a window stretches 4× at most
        Assert.Equal((11, 4, 4), (atTwo, atFifty, atFirst));
        Assert.Equal(16, ProbeWindow.Seconds(policy, [new(1, true) { Requests = 1, Seconds = 4 }], 1));
    }

    [Fact]
    public void A_first_probe_gets_the_window_its_clients_need_at_their_ideal_rate()
    {
        // Arrange: 500 ms requests, the quick profile's 4 s
        var policy = new SearchPolicy { Coarse = [1], WindowSeconds = 4, IdealRpsPerClient = 2 };

        // Act: one client completes 2 a second at best, 8 in 4 s, too few to judge; ten complete 20 a second
        var (atOne, atTen, unknown) = (ProbeWindow.Seconds(policy, [], 1), ProbeWindow.Seconds(policy, [], 10),
            ProbeWindow.Seconds(policy with { IdealRpsPerClient = null }, [], 1));

        // Assert: 30 requests take 15 s at one client; ten fill the profile's window; without the rate, the profile's
        Assert.Equal((15, 4, 4), (atOne, atTen, unknown));
    }
}
