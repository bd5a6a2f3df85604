using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// A lab's answer quotes its recorded run: every table between &lt;!-- recorded: runs/NAME.json --&gt; and
/// &lt;!-- /recorded --&gt; is what `capacity report runs/NAME.json --markdown` prints (docs/workshop/runs/render.sh
/// writes it), so a figure in the workshop is one the run holds.
/// </summary>
public sealed partial class WorkshopAnswersTests
{
    private static readonly string Workshop = Path.Combine(Repository.Root, "docs", "workshop");

    public static TheoryData<string, string> Recorded()
    {
        var data = new TheoryData<string, string>();
        foreach (var lab in Directory.GetFiles(Workshop, "*.md").Order(StringComparer.Ordinal))
        {
            foreach (Match block in Block().Matches(File.ReadAllText(lab)))
            {
                data.Add(Path.GetFileName(lab), block.Groups[1].Value);
            }
        }

        return data;
    }

    [Fact]
    public void The_task_run_lab_quotes_its_recorded_run()
    {
        // Assert
        Assert.Contains(Recorded(), row => (string)row[0] == "11-task-run.md");
    }

    [Theory]
    [MemberData(nameof(Recorded))]
    public void A_labs_table_is_its_recorded_run_rendered(string lab, string run)
    {
        // Arrange
        var text = File.ReadAllText(Path.Combine(Workshop, lab)).ReplaceLineEndings("\n");
        var table = Block().Matches(text).Single(m => m.Groups[1].Value == run).Groups[2].Value;
        var path = Path.Combine(Workshop, run);

        // Act
        var rendered = MarkdownTable.Of(Predictions.Attach(ResultsJson.Deserialize(File.ReadAllText(path), path)));

        // Assert
        Assert.Equal(rendered, table);
    }

    [GeneratedRegex(@"<!-- recorded: (runs/[^ ]+\.json) -->\n(.*?)<!-- /recorded -->", RegexOptions.Singleline)]
    private static partial Regex Block();
}
