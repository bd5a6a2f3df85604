using System.Text;
using System.Text.RegularExpressions;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Compare;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Report.Docs;

/// <summary>
/// A page's figures written from the runs they quote, paths relative to the page:
/// <list type="bullet">
/// <item><c>&lt;!-- recorded: runs/NAME.json --&gt; … &lt;!-- /recorded --&gt;</c>: the run's line (<see cref="RecordedLine"/>), then
/// the table `capacity report runs/NAME.json --markdown` prints;</item>
/// <item><c>&lt;!-- compare: runs/A.json runs/B.json … --&gt;</c>: what `capacity compare` prints of them, in a text block;</item>
/// <item><c>&lt;!-- steps: runs/A.json … --&gt;</c>: every probe of the runs as one table (<see cref="StepsTable"/>);</item>
/// <item><c>&lt;!-- horizons: runs/A.json … --knees runs/B.json --&gt;</c>: capacity over time (<see cref="HorizonsTable"/>);</item>
/// <item><c>&lt;!-- forecasts: runs/NAME.json --&gt;</c>: a recorded `capacity forecast --check` (<see cref="ForecastTable"/>);</item>
/// <item><c>[figure](runs/NAME.json "QUERY")</c>: a figure of the prose (<see cref="FigureQuery"/>), after the tables.</item>
/// </list>
/// Rendering keeps a figure it cannot write as it was, and says why; checking says where the page differs from its runs.
/// </summary>
public static partial class DocsPage
{
    /// <summary>The page as its runs write it, and what could not be written or does not hold.</summary>
    /// <param name="folder">The page's folder: its links' paths are relative to it.</param>
    public static PageRendering Render(string text, string folder, DocsSources sources)
    {
        var problems = new List<string>();
        var blocks = new StringBuilder();
        var lines = text.ReplaceLineEndings("\n").Split('\n');
        string? open = null;
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i];
            var newline = i < lines.Length - 1 ? "\n" : "";
            if (open is null && BlockStart().Match(line) is { Success: true } start)
            {
                blocks.Append(line).Append(newline);
                open = start.Groups[1].Value;
                try
                {
                    blocks.Append(Block(open, start.Groups[2].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries), folder, sources));
                }
                catch (DocsException problem)
                {
                    problems.Add($"{line}: {problem.Message}");
                }
            }
            else if (open is not null && line == $"<!-- /{open} -->")
            {
                blocks.Append(line).Append(newline);
                open = null;
            }
            else if (open is null)
            {
                blocks.Append(line).Append(newline);
            }
        }

        if (open is not null)
        {
            throw new DocsException($"a <!-- {open}: … --> block has no <!-- /{open} --> after it");
        }

        var rendered = blocks.ToString();
        return new(Figures(rendered, folder, sources, problems), problems);
    }

    /// <summary>Where the page as it stands differs from its runs: each figure and block that would change, and every problem.</summary>
    public static IReadOnlyList<string> Check(string text, string folder, DocsSources sources)
    {
        text = text.ReplaceLineEndings("\n");
        var rendering = Render(text, folder, sources);
        var differences = new List<string>(rendering.Problems);
        var (was, now) = (Blocks(text), Blocks(rendering.Text));
        differences.AddRange(was.Where(block => !now.Contains(block))
            .Select(block => $"{block.Split('\n')[0]} is not what its runs give"));
        var (wasFigures, nowFigures) = (Link().Matches(text).ToList(), Link().Matches(rendering.Text).ToList());
        differences.AddRange(wasFigures.Zip(nowFigures).Where(pair => pair.First.Value != pair.Second.Value)
            .Select(pair => $"{pair.First.Value} is {pair.Second.Groups[1].Value} in the run"));
        return differences;
    }

    private static string Block(string kind, string[] arguments, string folder, DocsSources sources)
    {
        ResultsDocument Run(string path) => sources.Run(Path.GetFullPath(Path.Combine(folder, path)));
        switch (kind)
        {
            case "recorded":
                var path = Path.GetFullPath(Path.Combine(folder, arguments.Single()));
                var command = sources.Command(path) ?? throw new DocsException($"no command is on record for {arguments[0]}");
                var document = Run(arguments[0]);
                return RecordedLine.Of(document.Run, command) + "\n\n" + MarkdownTable.Of(document);
            case "compare":
                var compared = arguments.Select(run => new ComparedRun(Path.GetFileNameWithoutExtension(run), Run(run))).ToList();
                var text = CompareText.Render(RunComparison.Of(compared, new NoiseRule(NoiseRule.DefaultPercent))).ReplaceLineEndings("\n");
                return "```text\n" + text + "```\n";
            case "steps":
                return StepsTable.Of([.. arguments.Select(run => (Path.GetFileNameWithoutExtension(run), Run(run)))]);
            case "forecasts":
                return ForecastTable.Of(sources.Forecasts(Path.GetFullPath(Path.Combine(folder, arguments.Single()))));
            default:
                var at = Array.IndexOf(arguments, "--knees");
                var (held, knees) = at >= 0 ? (arguments[..at], arguments[(at + 1)..]) : (arguments, []);
                return HorizonsTable.Of([.. held.Select(Run)], [.. knees.Select(Run)]);
        }
    }

    /// <summary>Each figure's text written from its run; a flagged figure must say so in its query and in its sentence.</summary>
    private static string Figures(string text, string folder, DocsSources sources, List<string> problems)
    {
        var code = InlineCode().Matches(text).Select(m => (m.Index, End: m.Index + m.Length)).ToList();
        return Link().Replace(text, link => code.Any(c => c.Index <= link.Index && link.Index < c.End)
            ? link.Value
            : Figure(link, text, folder, sources, problems));
    }

    /// <summary>One figure written from its run; one that explains the syntax in `code` is left as it is.</summary>
    private static string Figure(Match link, string text, string folder, DocsSources sources, List<string> problems)
    {
        var (shown, path, query) = (link.Groups[1].Value, link.Groups[2].Value, link.Groups[3].Value);
        try
        {
            var (figure, flagged, acknowledged) = FigureQuery.Evaluate(query, sources.Run(Path.GetFullPath(Path.Combine(folder, path))));
            if (flagged && !acknowledged)
            {
                problems.Add($"{link.Value} rests only on probes whose flags undermine it (short of CPU, clients unanswered, unsteady "
                    + "or paced by k6): add \"flagged\" to its query and say so in its sentence");
            }

            if (acknowledged && !Sentence(text, link.Index).Contains("flagged", StringComparison.Ordinal))
            {
                problems.Add($"{link.Value} is marked flagged, but its sentence does not say so");
            }

            return $"[{figure}]({path} \"{query}\")";
        }
        catch (DocsException problem)
        {
            problems.Add($"{link.Value}: {problem.Message}");
            return link.Value;
        }
    }

    /// <summary>The bullet or paragraph a figure stands in, its links read as their text.</summary>
    private static string Sentence(string text, int at)
    {
        var begin = Math.Max(
            text.LastIndexOf(Bullet, at, StringComparison.Ordinal), text.LastIndexOf(Paragraph, at, StringComparison.Ordinal));
        var end = new[] { text.IndexOf(Bullet, at, StringComparison.Ordinal), text.IndexOf(Paragraph, at, StringComparison.Ordinal) }
            .Where(i => i >= 0).DefaultIfEmpty(text.Length).Min();
        return Link().Replace(text[Math.Max(begin, 0)..end], link => link.Groups[1].Value);
    }

    private const string Bullet = "\n- ";

    private const string Paragraph = "\n\n";

    private static List<string> Blocks(string text) => [.. WholeBlock().Matches(text).Select(m => m.Value)];

    [GeneratedRegex(@"^<!-- (recorded|compare|steps|horizons|forecasts): (.+) -->$")]
    private static partial Regex BlockStart();

    [GeneratedRegex(@"<!-- (recorded|compare|steps|horizons|forecasts): [^\n]+ -->\n.*?<!-- /\1 -->", RegexOptions.Singleline)]
    private static partial Regex WholeBlock();

    [GeneratedRegex(@"`[^`\n]+`")]
    private static partial Regex InlineCode();

    [GeneratedRegex(@"\[([^\]]*)\]\(((?:[\w.-]+/)*runs/[^ )]+\.json) ""([^""]+)""\)")]
    public static partial Regex Link();
}

/// <summary>A page as its runs write it, and each figure or block that could not be written, or does not hold, in one line.</summary>
public sealed record PageRendering(string Text, IReadOnlyList<string> Problems);
