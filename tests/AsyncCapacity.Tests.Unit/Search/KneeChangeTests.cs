using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Tests.Search;

/// <summary>A change between two runs is called only when both runs' probes make it significant and it is at least the noise.</summary>
public sealed class KneeChangeTests
{
    private static readonly double[] Design = [0.5, 0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.2, 1.4, 2.0];

    [Fact]
    public void Two_runs_of_the_same_code_are_seldom_called_a_change_and_a_fall_of_a_third_nearly_always_is()
    {
        // Arrange: pairs of simulated runs (seeded), each eleven launches around its knee
        var random = new Random(11);
        IReadOnlyList<ProbeOutcome> Run(double knee)
        {
            var launch = SearchPlay.Launches(random, knee, scale: 0.08, scatter: 0.2);
            return [.. Design
                .Select(d => (int)Math.Round(60 * d))
                .Select(load => launch(load) is var z ? new ProbeOutcome(load, z <= 0) { Margin = z } : null!)];
        }

        // Act
        var same = Enumerable.Range(0, 60).Select(_ => KneeChange.Of(Run(60), Run(60))!).ToList();
        var fell = Enumerable.Range(0, 60).Select(_ => KneeChange.Of(Run(60), Run(40))!).ToList();

        // Assert
        Assert.True(same.Count(c => c.Called(10)) <= 3, $"{same.Count(c => c.Called(10))} of 60 same-code pairs called a change");
        Assert.True(fell.Count(c => c.Called(10) && c.Ratio < 1) >= 57, $"{fell.Count(c => c.Called(10))} of 60 falls called");
        Assert.All(same, c => Assert.False(c.FellBy(10), $"{c}"));
        Assert.InRange(fell.Select(c => c.Ratio).Order().ElementAt(30), 0.6, 0.73);
    }

    [Fact]
    public void A_significant_change_is_called_only_when_its_whole_interval_lies_beyond_the_noise_threshold()
    {
        // Arrange: −26% (95%: −44% to −0.2%), two recorded runs of the same code; and a fall of a third, beyond doubt
        var drift = new KneeChange(0.74, 0.56, 0.998);
        var fall = new KneeChange(0.66, 0.55, 0.85);

        // Act and assert
        Assert.True(drift.Significant);
        Assert.False(drift.Called(10));
        Assert.True(fall.Called(10));
        Assert.True(fall.FellBy(10));
        Assert.False(fall.FellBy(20));
    }

    [Fact]
    public void A_run_that_only_bounds_its_knee_has_no_ratio()
    {
        // Arrange
        ProbeOutcome[] bracketed = [new(10, true) { Margin = -1 }, new(20, false) { Margin = 1 }];
        ProbeOutcome[] lowerBound = [new(10, true) { Margin = -1 }, new(20, true) { Margin = -1 }];

        // Act and assert
        Assert.Null(KneeChange.Of(bracketed, lowerBound));
        Assert.NotNull(KneeChange.Of(bracketed, bracketed));
    }
}
