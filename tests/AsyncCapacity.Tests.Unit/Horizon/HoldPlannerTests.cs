using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Horizon;

/// <summary>Which loads are held: a ladder from twice the knee toward the laws' load at the horizon, stopped at the first still
/// behind, then one between; an awaiting variant once at its knee.</summary>
public sealed class HoldPlannerTests
{
    [Fact]
    public void Without_the_laws_the_ladder_doubles_from_twice_the_knee()
    {
        Assert.Equal([70, 140, 280], HoldPlanner.Ladder(new HoldPlan(35, true, 120, 20_000), 35));
    }

    [Fact]
    public void The_ladder_reaches_toward_the_load_the_laws_put_at_the_horizon()
    {
        // Arrange: sleep sync's knee 2; hill climbing at its fastest allows 478 clients by 120 s
        var plan = new HoldPlan(2, true, 120, 20_000, PredictedAtHorizon: 478);

        // Act & Assert: 4, then × √(478 ÷ 4)
        Assert.Equal([4, 44, 478], HoldPlanner.Ladder(plan, 2));
    }

    [Fact]
    public void The_climb_goes_on_while_loads_catch_up_and_stops_at_the_first_still_behind()
    {
        // Arrange
        var plan = new HoldPlan(35, true, 120, 20_000);

        // Act & Assert
        Assert.Equal(70, HoldPlanner.Next(plan, []));
        Assert.Equal(140, HoldPlanner.Next(plan, [Held(70, 15)]));
        Assert.Equal(280, HoldPlanner.Next(plan, [Held(70, 15), Held(140, 33)]));
        // 280 still behind: one hold between it and 140, then done
        Assert.Equal(198, HoldPlanner.Next(plan, [Held(70, 15), Held(140, 33), Held(280, null)]));
        Assert.Null(HoldPlanner.Next(plan, [Held(70, 15), Held(140, 33), Held(280, null), Held(198, 50)]));
    }

    [Fact]
    public void A_first_rung_still_behind_is_bisected_toward_the_knee()
    {
        // Arrange: sleep sync, knee 2: 4 clients never caught up
        var plan = new HoldPlan(2, true, 120, 20_000);

        // Act & Assert
        Assert.Equal(3, HoldPlanner.Next(plan, [Held(4, null)]));
        Assert.Null(HoldPlanner.Next(plan, [Held(4, null), Held(3, null)]));
    }

    [Fact]
    public void An_awaiting_variant_is_held_once_at_its_knee()
    {
        // Arrange
        var plan = new HoldPlan(3352, false, 120, 20_000);

        // Act & Assert
        Assert.Equal(3352, HoldPlanner.Next(plan, []));
        Assert.Null(HoldPlanner.Next(plan, [Held(3352, 0)]));
    }

    [Fact]
    public void Loads_the_user_names_are_held_as_given()
    {
        // Arrange: lab 1's ab -c 100 clients (the Thread.Sleep post's table)
        var plan = new HoldPlan(2, true, 120, 20_000, Loads: [100]);

        // Act & Assert
        Assert.Equal(100, HoldPlanner.Next(plan, []));
        Assert.Null(HoldPlanner.Next(plan, [Held(100, 40)]));
    }

    [Fact]
    public void The_budget_and_the_ceiling_bound_the_holds()
    {
        // Arrange
        var plan = new HoldPlan(5_000, true, 120, 12_000) { MaxHolds = 2 };

        // Act & Assert
        Assert.Equal([10_000, 12_000], HoldPlanner.Ladder(plan, 5_000));
        Assert.Null(HoldPlanner.Next(plan, [Held(10_000, 30), Held(12_000, 60)]));
    }

    [Fact]
    public void Holds_end_within_their_time_budget_of_three_and_three_quarter_horizons()
    {
        // Arrange: two slow catch-ups and one still behind have taken 340 of the 450 s; another would pass it
        var plan = new HoldPlan(35, true, 120, 20_000);

        // Act & Assert
        Assert.Null(HoldPlanner.Next(plan, [Held(70, 100), Held(140, 100), Held(280, null)]));
    }

    [Theory]
    [InlineData(true, null)]
    [InlineData(false, null)]
    [InlineData(true, 2)]
    [InlineData(true, 6)]
    public void The_worst_case_bounds_every_sequence_of_holds_the_planner_asks_for(bool blocksThreads, int? given)
    {
        // Arrange: every hold still behind at the horizon (the longest), or caught up at once (the most holds)
        const double horizon = 120;
        var loads = given is { } count ? Enumerable.Range(1, count).Select(l => 10 * l).ToList() : null;
        var plan = new HoldPlan(35, blocksThreads, horizon, 20_000, Loads: loads);
        var (holds, seconds) = HoldPlanner.WorstCase(blocksThreads, given, horizon);

        foreach (var caughtUpAt in (int?[])[null, 0])
        {
            // Act
            var done = new List<SustainedHold>();
            while (HoldPlanner.Next(plan, done) is { } load)
            {
                done.Add(Held(load, caughtUpAt));
            }

            // Assert
            Assert.InRange(done.Count, 1, holds);
            Assert.InRange(done.Sum(h => h.HeldSeconds), 1, seconds);
        }
    }

    [Fact]
    public void A_failed_hold_is_passed_over_not_repeated()
    {
        // Arrange
        var plan = new HoldPlan(35, true, 120, 20_000);
        var failed = new SustainedHold(70, 3, null, HoldEnd.Failed, []);

        // Act & Assert
        Assert.Equal(140, HoldPlanner.Next(plan, [failed]));
    }

    internal static SustainedHold Held(int load, int? caughtUpAt) =>
        new(load, caughtUpAt is null ? 120 : caughtUpAt.Value + HoldTerms.DefaultConfirmSeconds, caughtUpAt,
            caughtUpAt is null ? HoldEnd.Horizon : HoldEnd.CaughtUp, []);
}
