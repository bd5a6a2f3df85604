using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.Compare;

/// <summary>
/// `capacity compare` on runs recorded on this project's 2-core machines (tests/…/Golden/recorded, each named in its
/// README.md with the command and date that made it): two runs of the same code are not called a change and do not
/// trip the gate; a knob that moves the knee is called, and trips it.
/// </summary>
public sealed class RecordedCompareTests(ITestOutputHelper log)
{
    private static readonly string Recorded = Path.Combine(Repository.Root, "tests", "AsyncCapacity.Tests", "Golden", "recorded");

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
        Assert.True(change.Kind == CapacityChangeKind.Same, change.Text);
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

    [Fact]
    public async Task The_gate_exits_3_when_a_capacity_fell_significantly_and_0_between_runs_of_the_same_code()
    {
        // Act
        var (fell, fellOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "compare",
            File("sleep-sync-min-threads-16"), File("sleep-sync-1"), "--fail-below", "20", "--out", Path.GetTempPath());
        var (same, sameOutput) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "compare",
            File("db-sync-1"), File("db-sync-2"), "--fail-below", "10", "--out", Path.GetTempPath());

        // Assert
        Assert.True(fell == 3, fellOutput);
        Assert.Contains("capacity fell: --fail-below 20%: sleep sync in run 2: −", fellOutput, StringComparison.Ordinal);
        Assert.True(same == 0, sameOutput);
        Assert.Contains("--fail-below 10%: no capacity fell by more than that, significantly.", sameOutput, StringComparison.Ordinal);
    }

    private static string File(string name) => Path.Combine(Recorded, $"{name}.json");

    private static ResultsDocument Read(string name) => ResultsJson.Deserialize(System.IO.File.ReadAllText(File(name)), name);
}
