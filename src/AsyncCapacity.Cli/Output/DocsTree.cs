using System.Collections.Concurrent;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Docs;

namespace AsyncCapacity.Cli.Output;

/// <summary>A clone's pages that quote recorded runs (README.md, docs/*.md, docs/workshop/*.md), each run read once, and what
/// `capacity docs render` writes of them: their blocks and figures (<see cref="DocsPage"/>), and the workshop's table of labs'
/// times (<see cref="LabTimes"/>).</summary>
internal sealed partial class DocsTree(string root)
{
    private readonly ConcurrentDictionary<string, ResultsDocument> _runs = new(StringComparer.Ordinal);

    public string Root { get; } = Path.GetFullPath(root);

    /// <summary>The workshop's table of labs, whose times are written from the labs' runs.</summary>
    public string LabTable => Path.Combine(Root, "docs", "workshop", "README.md");

    /// <summary>Every page that quotes a run, in a stable order.</summary>
    public IReadOnlyList<string> Pages()
    {
        var docs = Path.Combine(Root, "docs");
        var candidates = new[] { Path.Combine(Root, "README.md") }
            .Concat(Directory.Exists(docs) ? Directory.GetFiles(docs, "*.md").Order(StringComparer.Ordinal) : [])
            .Concat(Directory.Exists(Path.Combine(docs, "workshop"))
                ? Directory.GetFiles(Path.Combine(docs, "workshop"), "*.md").Order(StringComparer.Ordinal) : []);
        return [.. candidates.Where(File.Exists).Where(page => Quotes().IsMatch(File.ReadAllText(page)))];
    }

    public DocsSources Sources => new(Run, Command, Forecasts);

    public PageRendering Render(string page) =>
        DocsPage.Render(File.ReadAllText(page), Path.GetDirectoryName(Path.GetFullPath(page))!, Sources);

    public IReadOnlyList<string> Check(string page) =>
        DocsPage.Check(File.ReadAllText(page), Path.GetDirectoryName(Path.GetFullPath(page))!, Sources);

    /// <summary>The table of labs as its labs' runs give it.</summary>
    public string RenderLabTable()
    {
        var folder = Path.GetDirectoryName(LabTable)!;
        return LabTimes.Render(File.ReadAllText(LabTable).ReplaceLineEndings("\n"), folder,
            lab => File.ReadAllText(Path.Combine(folder, lab)), Sources);
    }

    public string Relative(string page) => Path.GetRelativePath(Root, page);

    private ResultsDocument Run(string path) => _runs.GetOrAdd(path, full => File.Exists(full)
        ? Predictions.Attach(ResultsJson.Deserialize(File.ReadAllText(full), full))
        : throw new DocsException($"{Relative(full)} does not exist"));

    private ForecastChecks Forecasts(string path) => File.Exists(path)
        ? ForecastChecks.FromJson(File.ReadAllText(path))
        : throw new DocsException($"{Relative(path)} does not exist");

    /// <summary>From commands.tsv beside the run: its name, a tab, the command that recorded it.</summary>
    private static string? Command(string path)
    {
        var commands = Path.Combine(Path.GetDirectoryName(path)!, "commands.tsv");
        var name = Path.GetFileNameWithoutExtension(path);
        return !File.Exists(commands) ? null : File.ReadLines(commands)
            .Select(line => line.Split('\t'))
            .FirstOrDefault(fields => fields.Length >= 2 && fields[0] == name)?[1].Trim();
    }

    [GeneratedRegex(@"<!-- (recorded|compare|steps|horizons|forecasts): |\]\(([\w.-]+/)*runs/[^ )]+\.json """)]
    private static partial Regex Quotes();
}
