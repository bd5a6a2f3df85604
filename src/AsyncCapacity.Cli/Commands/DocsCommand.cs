using System.CommandLine;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Report.Docs;

namespace AsyncCapacity.Cli.Commands;

/// <summary>`capacity docs render|check`: the docs' figures written by the tool that measured them, in the report's own words and
/// rounding, and checked against their runs (a figure the lab prints is a claim a reader re-runs).</summary>
internal static class DocsCommand
{
    public static Command Create()
    {
        var command = new Command("docs", """
            Write or check the figures of a clone's docs from the recorded runs they quote (docs/workshop/runs): the tables
            between <!-- recorded|compare|steps|horizons|forecasts: … --> marks, every [figure](runs/NAME.json "QUERY") of the prose, and
            the workshop's table of labs' times. For contributors: docs/ARCHITECTURE.md, "Figures in the docs", lists the queries.
            """)
        {
            Create("render", "Rewrite every page's tables and figures from their runs; a figure that cannot be written is kept and named."),
            Create("check", "Say where a page differs from its runs, or rests on flagged probes unsaid; change nothing."),
            Keep(),
        };
        return command;
    }

    /// <summary>A sweep's results.json kept for the docs: the variants' timelines (the report's charts, most of the file) left out,
    /// the rest byte for byte as the sweep wrote it, unindented. The run's own report folder keeps the whole file.</summary>
    private static Command Keep()
    {
        var results = new Argument<FileInfo>("RESULTS") { Description = "The results.json a sweep wrote." };
        var kept = new Argument<FileInfo>("KEPT") { Description = "Where to keep it: docs/workshop/runs/NAME.json." };
        var command = new Command("keep", "Keep a sweep's results.json for the docs to quote, without the variants' timelines.")
        {
            results,
            kept,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(async token =>
        {
            var source = parse.GetValue(results)!;
            var target = parse.GetValue(kept)!;
            if (!source.Exists)
            {
                throw new UsageException($"{source.FullName} does not exist.");
            }

            var json = JsonNode.Parse(await File.ReadAllTextAsync(source.FullName, token))
                ?? throw new UsageException($"{source.FullName} is not a results.json.");
            foreach (var variant in (json["experiments"]?.AsArray() ?? []).SelectMany(e => e?["variants"]?.AsArray() ?? []))
            {
                variant?.AsObject().Remove("timeline");
            }

            await KeptRun.WriteAsync(target.FullName, json, token);
            var size = new FileInfo(target.FullName).Length / 1024;
            Console.WriteLine($"kept {target.FullName} ({size:#,0} KB of {source.Length / 1024:#,0} KB)");
        }, cancellationToken));
        return command;
    }

    private static Command Create(string name, string description)
    {
        var pages = new Argument<FileInfo[]>("PAGES")
        {
            Description = "Markdown pages [default: README.md, docs/*.md and docs/workshop/*.md that quote a run].",
            Arity = ArgumentArity.ZeroOrMore,
        };
        var root = new Option<DirectoryInfo?>("--root")
        {
            Description = "The clone whose docs these are [default: the one around the working folder, else the one this CLI was "
                + "built from].",
        };
        var command = new Command(name, description) { pages, root };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(
            token => RunAsync(name == "check", parse.GetValue(pages) ?? [], parse.GetValue(root), token), cancellationToken));
        return command;
    }

    private static async Task RunAsync(bool check, FileInfo[] pages, DirectoryInfo? root, CancellationToken cancellationToken)
    {
        var tree = new DocsTree(Root(root));
        var chosen = pages.Length > 0 ? pages.Select(p => Existing(p.FullName)).ToList() : tree.Pages();
        var problems = new List<string>();
        foreach (var page in chosen)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var relative = tree.Relative(page);
            if (check)
            {
                problems.AddRange(tree.Check(page).Select(p => $"{relative}: {p}"));
                continue;
            }

            var rendering = tree.Render(page);
            problems.AddRange(rendering.Problems.Select(p => $"{relative}: {p}"));
            var before = await File.ReadAllTextAsync(page, cancellationToken);
            if (rendering.Text != before.ReplaceLineEndings("\n"))
            {
                await File.WriteAllTextAsync(page, rendering.Text, cancellationToken);
                Console.WriteLine($"rendered {relative}");
            }
        }

        if (File.Exists(tree.LabTable) && (pages.Length == 0 || chosen.Contains(tree.LabTable)))
        {
            var table = tree.RenderLabTable();
            var before = (await File.ReadAllTextAsync(tree.LabTable, cancellationToken)).ReplaceLineEndings("\n");
            if (check && table != before)
            {
                problems.Add($"{tree.Relative(tree.LabTable)}: the table of labs' times is not what the labs' runs give");
            }
            else if (!check && table != before)
            {
                await File.WriteAllTextAsync(tree.LabTable, table, cancellationToken);
                Console.WriteLine($"rendered {tree.Relative(tree.LabTable)}'s times");
            }
        }

        if (problems.Count > 0)
        {
            throw new DocsDifferException(string.Join('\n', problems));
        }

        Console.WriteLine(check
            ? $"{chosen.Count} pages hold: every figure is its run's."
            : $"{chosen.Count} pages written from their runs.");
    }

    /// <summary>The clone around the working folder (it has docs/workshop/runs), else the one this CLI was built from.</summary>
    private static string Root(DirectoryInfo? given)
    {
        if (given is not null)
        {
            return given.Exists ? given.FullName : throw new UsageException($"--root {given.FullName} does not exist.");
        }

        for (var folder = new DirectoryInfo(Environment.CurrentDirectory); folder is not null; folder = folder.Parent)
        {
            if (Directory.Exists(Path.Combine(folder.FullName, "docs", "workshop", "runs")))
            {
                return folder.FullName;
            }
        }

        var layout = RepositoryLayout.Find();
        return layout.HasSources ? layout.Root
            : throw new UsageException("No clone's docs here: run it inside a clone of the repository, or give --root.");
    }

    private static string Existing(string page) => File.Exists(page) ? page : throw new UsageException($"{page} does not exist.");
}
