using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using Point = AsyncCapacity.Lab.Horizon.CapacityCurve.Point;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>Capacity against time: the short probes' knee at their horizon, then the largest load caught up by each time.</summary>
public sealed class CapacityCurveTests
{
    // websocket sync, quick profile: 35 (33-38) after 6 s
    private static readonly Capacity Knee = new(35, 900) { Estimate = new KneeEstimate(35.4, 33.1, 38.2, 8) };

    // Catch-up times as cooperative blocking would give them on 2 cores (4 threads a second after 22 at 2.25 s).
    private static readonly Point[] Holds = [new(70, 15, 25), new(140, 33, 43), new(280, 68, 78), new(560, null, 120)];

    [Fact]
    public void At_the_probes_horizon_the_curve_is_their_knee_with_its_interval()
    {
        // Act
        var at = CapacityCurve.At(Knee, 6, Holds, 6)!;

        // Assert
        Assert.Equal((35, 33, 38, CurveSource.Probes), (at.Capacity, at.Low, at.High, at.From));
    }

    [Fact]
    public void Between_two_catch_ups_the_capacity_reads_in_proportion_to_the_time()
    {
        // Act: 30 s lies between 70 caught up at 15 and 140 at 33
        var at = CapacityCurve.At(Knee, 6, Holds, 30)!;

        // Assert: 70 + (30 − 15) ÷ (33 − 15) × 70 = 128; the bracket from 70 to 139
        Assert.Equal((128, 70, 139, CurveSource.Holds), (at.Capacity, at.Low, at.High, at.From));
    }

    [Fact]
    public void Below_a_load_never_caught_up_the_curve_stops_at_the_heaviest_that_was()
    {
        // Act
        var at = CapacityCurve.At(Knee, 6, Holds, 120)!;

        // Assert: 280 caught up at 68, 560 still behind after 120 s
        Assert.Equal((280, 280, 559), (at.Capacity, at.Low, at.High));
        Assert.False(at.AtLeast);
    }

    [Fact]
    public void With_every_load_caught_up_the_curve_is_a_lower_bound()
    {
        // Act
        var at = CapacityCurve.At(Knee, 6, [new(70, 15, 25), new(140, 33, 43)], 120)!;

        // Assert
        Assert.Equal((140, 140, (int?)null), (at.Capacity, at.Low, at.High));
        Assert.True(at.AtLeast);
    }

    [Fact]
    public void Before_any_catch_up_past_the_probes_the_knee_stands_bounded_by_the_holds_still_behind()
    {
        // Act: at 10 s nothing held has caught up yet; 70 is still behind
        var at = CapacityCurve.At(Knee, 6, Holds, 10)!;

        // Assert
        Assert.Equal((35, 33, 38, CurveSource.Probes), (at.Capacity, at.Low, at.High, at.From));
    }

    [Fact]
    public void An_awaiting_variant_met_from_the_first_second_is_flat()
    {
        // Arrange: sleep async, at least 3,352 (k6 the limit), held there and met from second 0
        var knee = new Capacity(3352, 6500) { AtLeastBecause = StoppedBy.LoadGenerator };

        // Act
        var curve = CapacityCurve.Of(knee, 6, [new(3352, 0, 12)], [6, 30, 120]);

        // Assert
        Assert.All(curve, at => Assert.Equal((3352, true), (at.Capacity, at.AtLeast)));
    }

    [Fact]
    public void A_heavier_load_caught_up_before_a_lighter_one_keeps_both_ends_in_the_bracket()
    {
        // Act: 100 caught up at 20, 50 still behind until 25 (launches differ)
        var at = CapacityCurve.At(null, 6, [new(50, 25, 35), new(100, 20, 30)], 22)!;

        // Assert
        Assert.Equal((49, 100), (at.Low, at.High));
    }

    [Fact]
    public void Nothing_is_read_before_the_first_judged_time()
    {
        Assert.Null(CapacityCurve.At(Knee, 6, [new(70, 15, 25)], 3));
        Assert.Empty(CapacityCurve.Of(null, 6, [], [6, 30]));
    }

    [Fact]
    public void The_curve_is_read_at_the_probes_horizon_half_a_minute_and_the_horizon()
    {
        Assert.Equal([6, 30, 120], Sustained.ReadAt(6, 120));
        Assert.Equal([10, 20], Sustained.ReadAt(10, 20));
    }
}
