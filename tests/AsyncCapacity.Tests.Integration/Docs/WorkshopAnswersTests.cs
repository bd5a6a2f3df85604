using System.Globalization;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Docs;

/// <summary>
/// A page's figures quote recorded runs (docs/workshop/runs/render.sh writes them): every block between
/// &lt;!-- recorded: runs/NAME.json --&gt; and &lt;!-- /recorded --&gt; is the run's line (its command, date and length) and the
/// table `capacity report runs/NAME.json --markdown` prints; every &lt;!-- compare: … --&gt; block what `capacity compare`
/// prints. The runs are the labs' own commands (commands.tsv), each written in the lab that quotes it.
/// </summary>
public sealed partial class WorkshopAnswersTests
{
    private static readonly string Docs = Path.Combine(Repository.Root, "docs");
    private static readonly string Runs = Path.Combine(Docs, "workshop", "runs");

    private static IEnumerable<string> Pages() =>
        Directory.GetFiles(Docs, "*.md").Concat(Directory.GetFiles(Path.Combine(Docs, "workshop"), "*.md")).Order(StringComparer.Ordinal);

    private static string Text(string page) => File.ReadAllText(Path.Combine(Docs, page)).ReplaceLineEndings("\n");

    private static Dictionary<string, string> Commands() =>
        File.ReadLines(Path.Combine(Runs, "commands.tsv"))
            .Where(line => line.Length > 0 && !line.StartsWith('#'))
            .Select(line => line.Split('\t'))
            .ToDictionary(fields => fields[0], fields => fields[1].Trim());

    public static TheoryData<string, string> Recorded() => Blocks(Recording());

    public static TheoryData<string, string> Compared() => Blocks(Comparing());

    public static TheoryData<string, string> Stepped() => Blocks(Stepping());

    public static TheoryData<string, string> Horizoned() => Blocks(Horizons());

    private static TheoryData<string, string> Blocks(Regex block)
    {
        var data = new TheoryData<string, string>();
        foreach (var page in Pages())
        {
            foreach (Match match in block.Matches(File.ReadAllText(page).ReplaceLineEndings("\n")))
            {
                data.Add(Path.GetRelativePath(Docs, page), match.Groups[1].Value);
            }
        }

        return data;
    }

    [Fact]
    public void Every_lab_quotes_its_recorded_runs()
    {
        // Arrange
        var quoting = Recorded().Select(row => (string)row[0]).ToHashSet();

        // Assert: every lab but a slot, and the findings' run of all six
        var labs = WorkshopPages.Labs.Where(lab => WorkshopPages.Slot(lab) is null).Select(lab => Path.Combine(WorkshopPages.Workshop, lab));
        foreach (var page in labs.Append(Path.Combine(Docs, "findings.md")))
        {
            Assert.Contains(Path.GetRelativePath(Docs, page), quoting);
        }
    }

    [Fact]
    public void Every_recorded_run_has_its_command_and_every_command_its_run()
    {
        // Arrange
        var files = Directory.GetFiles(Runs, "*.json").Select(Path.GetFileNameWithoutExtension).Order(StringComparer.Ordinal);

        // Assert
        Assert.Equal(files, Commands().Keys.Order(StringComparer.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Recorded))]
    public void A_pages_table_is_its_recorded_run_rendered_under_the_command_that_made_it(string page, string run)
    {
        // Arrange
        var block = Recording().Matches(Text(page)).First(m => m.Groups[1].Value == run).Groups[2].Value;
        var path = Path.GetFullPath(Path.Combine(Docs, Path.GetDirectoryName(page)!, run));
        var document = RecordedRun.Read(path);

        // Act
        var expected = RunLine(path, document.Run) + "\n\n" + MarkdownTable.Of(Predictions.Attach(document));

        // Assert
        Assert.Equal(expected, block);
    }

    [Theory]
    [MemberData(nameof(Recorded))]
    public void A_recorded_runs_command_is_the_one_its_page_gives(string page, string run)
    {
        // Arrange
        var command = Commands()[Path.GetFileNameWithoutExtension(run)];
        var text = Text(page);

        // Assert: as written, or with the live view the lab watches it in (the recorded runs are unwatched)
        var watched = command.Replace(" --out ", " --live keep --out ", StringComparison.Ordinal);
        Assert.True(text.Contains(command, StringComparison.Ordinal) || text.Contains(watched, StringComparison.Ordinal),
            $"{page} does not give the command of {run}: {command}");
    }

    [Theory]
    [MemberData(nameof(Compared))]
    public void A_pages_comparison_is_what_capacity_compare_prints_of_its_runs(string page, string runs)
    {
        // Arrange
        var block = Comparing().Matches(Text(page)).First(m => m.Groups[1].Value == runs).Groups[2].Value;
        var compared = runs.Split(' ').Select(run =>
        {
            var path = Path.GetFullPath(Path.Combine(Docs, Path.GetDirectoryName(page)!, run));
            var document = Predictions.Attach(RecordedRun.Read(path));
            return new ComparedRun(Path.GetFileNameWithoutExtension(path), document);
        }).ToList();

        // Act
        var text = CompareText.Render(RunComparison.Of(compared, new NoiseRule(NoiseRule.DefaultPercent))).ReplaceLineEndings("\n");

        // Assert
        Assert.Equal("```text\n" + text + "```\n", block);
    }

    [Theory]
    [MemberData(nameof(Stepped))]
    public async Task A_pages_step_table_is_what_steps_py_prints_of_its_runs(string page, string runs)
    {
        // Arrange
        var block = Stepping().Matches(Text(page)).First(m => m.Groups[1].Value == runs).Groups[2].Value;

        // Act
        var table = await PythonAsync("steps.py", page, runs.Split(' '));

        // Assert
        Assert.Equal(table, block);
    }

    [Theory]
    [MemberData(nameof(Horizoned))]
    public async Task A_pages_capacity_over_time_is_what_horizons_py_prints_of_its_runs(string page, string arguments)
    {
        // Arrange
        var block = Horizons().Matches(Text(page)).First(m => m.Groups[1].Value == arguments).Groups[2].Value;

        // Act
        var table = await PythonAsync("horizons.py", page, arguments.Split(' '));

        // Assert: a row for every variant that held loads
        Assert.Equal(table, block);
        Assert.True(table.Split('\n').Length > 3, $"{page}: horizons.py {arguments} printed no variant that held loads");
    }

    public static TheoryData<string> HeldRuns() => [.. Directory.GetFiles(Runs, "*.json")
        .Where(path => RecordedRun.Read(path).Experiments.Any(e => e.Variants.Any(v => v.Sustained is not null)))
        .Select(path => Path.GetFileName(path)).Order(StringComparer.Ordinal)];

    /// <summary>horizons.py re-reads what the report computes (a knee's horizon, its interval in whole clients, the curve's points):
    /// its columns must be the report's own figures, or the findings' table would drift from the reports it summarises.</summary>
    [Theory]
    [MemberData(nameof(HeldRuns))]
    public async Task Horizons_py_gives_each_knee_its_horizon_and_each_point_of_the_curve_as_the_report_does(string run)
    {
        // Arrange
        var document = RecordedRun.Read(Path.Combine(Runs, run));

        // Act
        var rows = (await PythonAsync("horizons.py", Path.Combine("workshop", "runs.md"), [Path.Combine("runs", run)])).Split('\n')
            .Where(line => line.StartsWith("| ", StringComparison.Ordinal)).Skip(1)
            .Select(line => line.Trim('|').Split(" | ").Select(cell => cell.Trim()).ToArray()).ToList();

        // Assert
        foreach (var (experiment, variant) in document.Experiments.SelectMany(e => e.Variants.Select(v => (e, v))))
        {
            if (variant.Sustained is not { } sustained)
            {
                continue;
            }

            var row = Assert.Single(rows, r => r[0] == experiment.Name && r[1] == variant.Name);
            Assert.Equal(Knee(variant, document.Run), row[2]);
            Assert.Equal(Point(sustained, 30), row[4]);
            Assert.Equal($"{Point(sustained, sustained.HorizonSeconds)} at {Format.Seconds(sustained.HorizonSeconds)}", row[5]);
        }
    }

    /// <summary>The curve's capacity at that time under load, as the report writes it; "–" where the curve has no point there.</summary>
    private static string Point(Sustained sustained, double seconds) =>
        sustained.Curve.FirstOrDefault(p => Math.Abs(p.Seconds - seconds) < 1e-9) is { } point ? SustainedText.Point(point) : "–";

    /// <summary>"63 (59–68) at 6 s": the capacity, its 90% interval in whole clients where it spans more than one, its horizon.</summary>
    private static string Knee(VariantResult variant, RunInfo run) => variant.Capacity is not { } capacity ? "none"
        : (capacity.AtLeastBecause is null ? "" : "≥ ") + Format.Count(capacity.Concurrency)
            + (capacity.Estimate is { } e && e.LowLoad != e.HighLoad ? $" ({Format.Count(e.LowLoad)}–{Format.Count(e.HighLoad)})" : "")
            + $" at {Format.Seconds(KneeHorizon.Of(variant, run)!.Value)}";

    /// <summary>One of runs/'s scripts, from the page's folder (the runs' paths are the page's).</summary>
    private static async Task<string> PythonAsync(string script, string page, IEnumerable<string> arguments)
    {
        var (exitCode, output, errors) = await RunsScript.RunAsync(script, Path.Combine(Docs, Path.GetDirectoryName(page)!), arguments);
        Assert.True(exitCode == 0, $"python3 {script} {string.Join(' ', arguments)} exited {exitCode}: {errors}");
        return output;
    }

    /// <summary>What render.sh writes above a run's table: whole seconds from the run's own start and finish.</summary>
    private static string RunLine(string path, RunInfo run)
    {
        var tenths = (RecordedRun.Seconds(run) * 10 + 30) / 60;
        var command = Commands()[Path.GetFileNameWithoutExtension(path)];
        return string.Create(CultureInfo.InvariantCulture,
            $"Recorded {run.StartedAt:yyyy-MM-dd} by `{command}` ({tenths / 10}.{tenths % 10} minutes, {run.Profile} profile).");
    }

    [GeneratedRegex(@"<!-- recorded: ([^ ]+\.json) -->\n(.*?)<!-- /recorded -->", RegexOptions.Singleline)]
    private static partial Regex Recording();

    [GeneratedRegex(@"<!-- compare: ([^>]+\.json) -->\n(.*?)<!-- /compare -->", RegexOptions.Singleline)]
    private static partial Regex Comparing();

    [GeneratedRegex(@"<!-- steps: ([^>]+\.json) -->\n(.*?)<!-- /steps -->", RegexOptions.Singleline)]
    private static partial Regex Stepping();

    [GeneratedRegex(@"<!-- horizons: ([^>]+\.json) -->\n(.*?)<!-- /horizons -->", RegexOptions.Singleline)]
    private static partial Regex Horizons();
}
