using AsyncCapacity.Lab.Waits;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Waits;

/// <summary>A step's share of the running totals the app writes into every sample.</summary>
public sealed class PoolAdjustmentChangesTests
{
    private static readonly RuntimeSample Before = Sample(
        new() { ["Warmup"] = new(1, 1, 0), ["CooperativeBlocking"] = new(10, 12, 2) }, locks: 5, gcMs: 1.5);

    [Fact]
    public void Each_reason_changed_between_two_samples_is_counted_with_the_threads_it_added_and_removed()
    {
        // Arrange
        var after = Sample(new()
        {
            ["Warmup"] = new(1, 1, 0),
            ["CooperativeBlocking"] = new(851, 747, 737),
            ["Starvation"] = new(4, 4, 0),
        }, locks: 26, gcMs: 15.25);

        // Act
        var changes = PoolAdjustmentChanges.Between(Before, after)!;

        // Assert: Warmup did nothing in between, so it is left out
        Assert.Equal(
            new Dictionary<string, PoolAdjustmentTotals> { ["CooperativeBlocking"] = new(841, 735, 735), ["Starvation"] = new(4, 4, 0) },
            changes);
        Assert.Equal("Starvation 4 (+4), CooperativeBlocking 841 (+735/−735)", PoolChangesText.Of(changes));
        Assert.Equal(21, PoolAdjustmentChanges.LockContentions(Before, after));
        Assert.Equal(13.75, PoolAdjustmentChanges.GcPauseMs(Before, after));
    }

    [Theory]
    [InlineData("a timeline written before the adjustments were sampled")]
    [InlineData("a restarted process: a total went down")]
    [InlineData("a restarted process: a reason seen before is gone")]
    public void Samples_that_cannot_be_compared_give_no_changes(string why)
    {
        // Arrange
        var after = why switch
        {
            "a timeline written before the adjustments were sampled" => Sample(null, locks: null, gcMs: null),
            "a restarted process: a total went down" => Sample(new() { ["Warmup"] = new(1, 1, 0), ["CooperativeBlocking"] = new(3, 3, 0) },
                locks: 1, gcMs: 0.1),
            _ => Sample(new() { ["CooperativeBlocking"] = new(20, 20, 5) }, locks: 6, gcMs: 2),
        };

        // Act
        var changes = PoolAdjustmentChanges.Between(Before, after);

        // Assert
        Assert.Null(changes);
    }

    [Fact]
    public void Lock_contentions_and_GC_pause_are_unknown_when_a_sample_lacks_them_or_a_total_went_down()
    {
        var old = Sample(null, locks: null, gcMs: null);
        var restarted = Sample(null, locks: 1, gcMs: 0.1);

        Assert.Null(PoolAdjustmentChanges.LockContentions(Before, old));
        Assert.Null(PoolAdjustmentChanges.GcPauseMs(Before, old));
        Assert.Null(PoolAdjustmentChanges.LockContentions(Before, restarted));
        Assert.Null(PoolAdjustmentChanges.GcPauseMs(Before, restarted));
    }

    [Fact]
    public void No_change_at_all_reads_none_and_a_goal_left_where_it_was_reads_plus_minus_zero()
    {
        Assert.Equal("none", PoolChangesText.Of(new Dictionary<string, PoolAdjustmentTotals>()));
        Assert.Equal("Initializing 1 (±0)",
            PoolChangesText.Of(new Dictionary<string, PoolAdjustmentTotals> { ["Initializing"] = new(1, 0, 0) }));
    }

    private static RuntimeSample Sample(Dictionary<string, PoolAdjustmentTotals>? adjustments, long? locks, double? gcMs) =>
        new(0, 3, 0, 0, 0, 0, 0, 0, Adjustments: adjustments, LockContentions: locks, GcPauseMs: gcMs);
}
