using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Compare;

/// <summary>
/// `capacity compare` on runs recorded on this project's 2-core machines (tests/…/Golden/recorded, each named in its
/// README.md with the command and date that made it): two runs of the same code are not called a change and do not
/// trip the gate (CompareCommandTests runs it); a knob that moves the knee is called, and trips it.
/// </summary>
public sealed class RecordedCompareTests
{
    public static TheoryData<string, string> SameCode => new()
    {
        { "db-sync-1", "db-sync-2" },
        { "db-sync-2", "db-sync-3" },
        { "connections-async-1", "connections-async-2" },
        { "audit-bounded-1", "audit-bounded-2" },
    };

    [Theory]
    [MemberData(nameof(SameCode))]
    public void Two_recorded_runs_of_the_same_code_are_not_called_a_change(string first, string second)
    {
        // Act
        var comparison = RunComparison.Of([new(first, Read(first)), new(second, Read(second))], new NoiseRule(NoiseRule.DefaultPercent));

        // Assert
        var change = comparison.Experiments.Single().Variants.Single().CapacityChanges[1]!;
        Assert.True(change.Kind == CapacityChangeKind.Same, $"{change.Kind}: {change.Text}");
        Assert.False(change.FellBy(10), change.Text);
    }

    [Fact]
    public void A_recorded_knob_that_moves_the_knee_is_called_a_change_with_its_interval()
    {
        // Act: sleep sync with the pool's minimum at 16 against the runtime's 2
        var comparison = RunComparison.Of(
            [new("default", Read("sleep-sync-1")), new("min-threads-16", Read("sleep-sync-min-threads-16"))],
            new NoiseRule(NoiseRule.DefaultPercent));

        // Assert
        var change = comparison.Experiments.Single().Variants.Single().CapacityChanges[1]!;
        Assert.Equal(CapacityChangeKind.Higher, change.Kind);
        Assert.Contains("(95%: +", change.Text, StringComparison.Ordinal);
        Assert.EndsWith("higher, a change", change.Text, StringComparison.Ordinal);
    }

    private static ResultsDocument Read(string name) => GoldenAsStored(Path.Combine("recorded", $"{name}.json"));
}
