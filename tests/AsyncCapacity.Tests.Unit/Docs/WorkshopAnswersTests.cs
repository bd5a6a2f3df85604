using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Report.Docs;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// A page's figures quote recorded runs, written by `capacity docs render` (<see cref="DocsPage"/>): every block between
/// &lt;!-- recorded: runs/NAME.json --&gt; and &lt;!-- /recorded --&gt; is the run's line (its command, date and length) and the
/// table `capacity report runs/NAME.json --markdown` prints; compare, steps and horizons blocks what the tool prints of theirs. The
/// runs are the labs' own commands (commands.tsv), each written in the lab that quotes it.
/// </summary>
public sealed partial class WorkshopAnswersTests
{
    private static readonly string Docs = Path.Combine(Repository.Root, "docs");

    public static TheoryData<string> Pages() => [.. RecordedRun.Docs.Pages().Select(RecordedRun.Docs.Relative)];

    public static TheoryData<string, string> Recorded()
    {
        var data = new TheoryData<string, string>();
        foreach (var page in RecordedRun.Docs.Pages())
        {
            foreach (Match match in Recording().Matches(File.ReadAllText(page).ReplaceLineEndings("\n")))
            {
                data.Add(RecordedRun.Docs.Relative(page), match.Groups[1].Value);
            }
        }

        return data;
    }

    private static Dictionary<string, string> Commands() =>
        File.ReadLines(Path.Combine(WorkshopPages.Runs, "commands.tsv"))
            .Where(line => line.Length > 0 && !line.StartsWith('#'))
            .Select(line => line.Split('\t'))
            .ToDictionary(fields => fields[0], fields => fields[1].Trim());

    [Theory]
    [MemberData(nameof(Pages))]
    public void Every_page_is_what_capacity_docs_render_writes_of_its_runs(string page)
    {
        // Act
        var differences = RecordedRun.Docs.Check(Path.Combine(Repository.Root, page));

        // Assert
        Assert.True(differences.Count == 0, $"{page} (`capacity docs render` rewrites it):\n{string.Join('\n', differences)}");
    }

    [Fact]
    public void The_workshops_table_of_labs_gives_the_minutes_of_each_labs_runs()
    {
        // Act
        var table = RecordedRun.Docs.RenderLabTable();

        // Assert
        Assert.Equal(File.ReadAllText(RecordedRun.Docs.LabTable).ReplaceLineEndings("\n"), table);
    }

    [Fact]
    public void Every_lab_and_the_findings_quote_their_recorded_runs()
    {
        // Arrange
        var quoting = Recorded().Select(row => (string)row[0]).ToHashSet();

        // Assert: every lab but a slot, and the findings' run of all six
        var labs = WorkshopPages.Labs.Where(lab => WorkshopPages.Slot(lab) is null).Select(lab => Path.Combine(WorkshopPages.Workshop, lab));
        foreach (var page in labs.Append(Path.Combine(Docs, "findings.md")))
        {
            Assert.Contains(RecordedRun.Docs.Relative(page), quoting);
        }
    }

    [Fact]
    public void Every_recorded_run_has_its_command_and_every_command_its_run()
    {
        // Arrange
        var files = Directory.GetFiles(WorkshopPages.Runs, "*.json").Select(Path.GetFileNameWithoutExtension).Order(StringComparer.Ordinal);

        // Assert
        Assert.Equal(files, Commands().Keys.Order(StringComparer.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Recorded))]
    public void A_recorded_runs_command_is_the_one_its_page_gives(string page, string run)
    {
        // Arrange
        var command = Commands()[Path.GetFileNameWithoutExtension(run)];
        var text = File.ReadAllText(Path.Combine(Repository.Root, page));

        // Assert: as written, or with the live view the lab watches it in (the recorded runs are unwatched)
        var watched = command.Replace(" --out ", " --live keep --out ", StringComparison.Ordinal);
        Assert.True(text.Contains(command, StringComparison.Ordinal) || text.Contains(watched, StringComparison.Ordinal),
            $"{page} does not give the command of {run}: {command}");
    }

    /// <summary>The block under a run is what `capacity report --markdown` prints of it, under the line that says how it was made.
    /// </summary>
    [Theory]
    [MemberData(nameof(Recorded))]
    public void A_pages_table_is_its_recorded_run_as_capacity_report_markdown_prints_it(string page, string run)
    {
        // Arrange
        var text = File.ReadAllText(Path.Combine(Repository.Root, page)).ReplaceLineEndings("\n");
        var block = Recording().Matches(text).First(m => m.Groups[1].Value == run).Groups[2].Value;
        var path = Path.GetFullPath(Path.Combine(Repository.Root, Path.GetDirectoryName(page)!, run));
        var document = Predictions.Attach(RecordedRun.Read(path));

        // Assert
        Assert.StartsWith($"Recorded {document.Run.StartedAt:yyyy-MM-dd} by `{Commands()[Path.GetFileNameWithoutExtension(run)]}` (",
            block, StringComparison.Ordinal);
        Assert.EndsWith("\n\n" + MarkdownTable.Of(document), block, StringComparison.Ordinal);
    }

    [GeneratedRegex(@"<!-- recorded: ([^ ]+\.json) -->\n(.*?)<!-- /recorded -->", RegexOptions.Singleline)]
    private static partial Regex Recording();
}
