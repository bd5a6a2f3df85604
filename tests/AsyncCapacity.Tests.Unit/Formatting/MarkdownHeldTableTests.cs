using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Report;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Formatting;

/// <summary>`capacity report --markdown` of a run that held loads (--sustain): after the capacities, one row per load held with
/// its catch-up, its cost and the laws' forecast, then each variant's curve in a line; a run without holds gets no such table.</summary>
public sealed class MarkdownHeldTableTests
{
    private static readonly ResultsDocument Run = Golden(SyntheticSustainedRun.FileName);

    [Fact]
    public void Each_load_held_is_a_row_with_its_catch_up_its_cost_and_its_forecast()
    {
        // Act
        var markdown = MarkdownTable.Of(Run);

        // Assert: a caught-up hold, a never, an awaiting one's flat line, and the curve's line
        var rows = markdown.Split('\n');
        Assert.Contains(rows, r => r.StartsWith("| experiment | variant | held | caught up | pool threads |", StringComparison.Ordinal));
        var caughtUp = Assert.Single(rows, r => r.StartsWith("| sleep | sync | 44 clients |", StringComparison.Ordinal));
        Assert.Contains("| at 70 s | 46 | 68 MB |", caughtUp, StringComparison.Ordinal);
        Assert.Contains("| at 101 s–109.6 s in 5 of 10 simulated runs, 44 threads (the pool grew faster", caughtUp, StringComparison.Ordinal);
        var never = Assert.Single(rows, r => r.StartsWith("| sleep | sync | 478 clients |", StringComparison.Ordinal));
        Assert.Contains("| never within 2 min | 85 |", never, StringComparison.Ordinal);
        Assert.Single(rows, r => r.StartsWith("| websocket | async | 582 clients | at 0 s | 6 | 98 MB |", StringComparison.Ordinal));
        Assert.Contains("- websocket async over time: ≥ 582 clients from the first second with 6 threads (98 MB).", rows);
    }

    [Fact]
    public void A_run_without_holds_has_the_capacities_table_only()
    {
        // Arrange
        var document = Run with
        {
            Experiments = [.. Run.Experiments.Select(e => e with { Variants = [.. e.Variants.Select(v => v with { Sustained = null })] })],
        };

        // Act
        var markdown = MarkdownTable.Of(document);

        // Assert
        Assert.DoesNotContain("caught up", markdown, StringComparison.Ordinal);
        Assert.Equal(2 + document.Experiments.Sum(e => e.Variants.Count), markdown.TrimEnd('\n').Split('\n').Length);
    }
}
