using System.Globalization;
using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// Each lab fits a 15-minute slot on 2 cores: the workshop's table says how long its sweeps took in the runs its answer
/// quotes, and those sweeps leave at least 5 minutes of the slot for reading (10 minutes of sweeps at most).
/// </summary>
public sealed partial class WorkshopTimesTests
{
    private const double SlotMinutes = 15;
    private const double MostSweepMinutes = 10;
    private static readonly string Workshop = Path.Combine(Repository.Root, "docs", "workshop");

    public static TheoryData<string, string, string> Rows()
    {
        var data = new TheoryData<string, string, string>();
        foreach (Match row in Row().Matches(File.ReadAllText(Path.Combine(Workshop, "README.md"))))
        {
            data.Add(row.Groups["page"].Value, row.Groups["sweeps"].Value, row.Groups["slot"].Value);
        }

        return data;
    }

    [Fact]
    public void The_table_has_every_lab()
    {
        // Assert
        Assert.Equal(WorkshopPages.Labs, Rows().Select(row => (string)row[0]));
    }

    [Theory]
    [MemberData(nameof(Rows))]
    public void A_labs_sweeps_took_what_the_table_says_in_its_recorded_runs_and_fit_its_slot(string page, string sweeps, string slot)
    {
        // Arrange: a lab kept for a measurement still to come says so in its row, and has no run yet
        Assert.Equal($"{SlotMinutes:0} min", slot);
        if (WorkshopPages.Slot(page) is { } awaited)
        {
            Assert.StartsWith("a slot (", sweeps, StringComparison.Ordinal);
            Assert.Contains(sweeps["a slot (".Length..^1], awaited, StringComparison.Ordinal);
            return;
        }

        // Arrange: every run the lab's answer quotes, once
        var runs = Recorded().Matches(File.ReadAllText(Path.Combine(Workshop, page))).Select(m => m.Groups[1].Value).Distinct().ToList();
        var minutes = runs.Sum(run => RecordedRun.Seconds(RecordedRun.Read(Path.Combine(Workshop, run)).Run)) / 60.0;
        var stated = double.Parse(MinutesText().Match(sweeps).Groups[1].Value, CultureInfo.InvariantCulture);

        // Assert
        Assert.NotEmpty(runs);
        Assert.InRange(stated, minutes - 0.051, minutes + 0.051);
        Assert.StartsWith($"{runs.Count} ", sweeps, StringComparison.Ordinal);
        Assert.InRange(minutes, 0, MostSweepMinutes);
    }

    [GeneratedRegex(@"^\| \[\d+\. [^\]]+\]\((?<page>[^)]+\.md)\) \| [^|]+ \| (?<sweeps>[^|]+?) \| (?<slot>[^|]+?) \|$", RegexOptions.Multiline)]
    private static partial Regex Row();

    [GeneratedRegex(@"<!-- recorded: ([^ ]+\.json) -->")]
    private static partial Regex Recorded();

    [GeneratedRegex(@"([\d.]+) min")]
    private static partial Regex MinutesText();
}
