using System.Globalization;
using System.Text.RegularExpressions;

namespace AsyncCapacity.Report.Docs;

/// <summary>The workshop's table of labs (docs/workshop/README.md) says how long each lab's sweeps took: the runs its answer records
/// (&lt;!-- recorded: runs/NAME.json --&gt;), counted and added up from each run's start and finish. A trainer plans a slot by it.
/// </summary>
public static partial class LabTimes
{
    /// <summary>The table with each row's "N sweeps, M min" written from its lab's runs; what follows the minutes is kept.</summary>
    /// <param name="readPage">A lab's text, by its path relative to the table's folder.</param>
    public static string Render(string table, string folder, Func<string, string> readPage, DocsSources sources) =>
        Row().Replace(table, row =>
        {
            var runs = Recorded().Matches(readPage(row.Groups["page"].Value)).Select(m => m.Groups[1].Value).Distinct().ToList();
            if (runs.Count == 0)
            {
                throw new DocsException($"{row.Groups["page"].Value} records no run");
            }

            var seconds = runs.Sum(run => RecordedLine.Seconds(sources.Run(Path.GetFullPath(Path.Combine(folder, run))).Run));
            var sweeps = string.Create(CultureInfo.InvariantCulture,
                $"{runs.Count} sweep{(runs.Count > 1 ? "s" : "")}, {seconds / 60.0:0.0} min");
            return row.Groups["before"].Value + sweeps + row.Groups["rest"].Value;
        });

    [GeneratedRegex(@"^(?<before>\| \[\d+\. [^\]]+\]\((?<page>[^)]+\.md)\) \| [^|]+ \| )\d+ sweeps?, [\d.]+ min(?<rest>[^|]*\| [^|]+ \|)$",
        RegexOptions.Multiline)]
    private static partial Regex Row();

    [GeneratedRegex(@"<!-- recorded: ([^ ]+\.json) -->")]
    private static partial Regex Recorded();
}
