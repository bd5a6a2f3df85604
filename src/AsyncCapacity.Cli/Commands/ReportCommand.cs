using System.CommandLine;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Cli.Commands;

internal static class ReportCommand
{
    public static Command Create()
    {
        var results = new Argument<string[]>("RESULTS")
        {
            Description = "results.json from `capacity sweep`; or the results files k6-scripts/*.js runs wrote on their own "
                + "(RESULTS_FILE), one per experiment; a folder stands for the *-k6.json files (or the results.json) in it.",
            Arity = ArgumentArity.OneOrMore,
        };
        var output = new Option<DirectoryInfo?>("--out", "-o")
        {
            Description = "Folder for index.html and results.json [default: the folder of the first RESULTS].",
        };
        var app = new Option<string?>("--app")
        {
            Description = "URL of the app the k6 runs targeted, still running: "
                + "its /diag/runtime timeline fills the thread-pool and CPU columns.",
        };

        var markdown = new Option<bool>("--markdown")
        {
            Description = "Print the capacities as a Markdown table (capacity with its interval, throughput, prediction, threads "
                + "per request, the knee's threads) rather than write the report: for docs that quote a recorded run.",
        };

        var command = new Command("report", "Render the HTML report (index.html + results.json) again from results.")
        {
            results,
            output,
            app,
            markdown,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(
            token => RunAsync(parse.GetValue(results)!, parse.GetValue(output), parse.GetValue(app), parse.GetValue(markdown), token),
            cancellationToken));
        return command;
    }

    private static async Task RunAsync(
        string[] inputs, DirectoryInfo? output, string? appUrl, bool markdown, CancellationToken cancellationToken)
    {
        var files = inputs.SelectMany(Expand).Distinct().ToList();
        var contents = new List<(string Path, string Json)>();
        foreach (var file in files)
        {
            contents.Add((file, await File.ReadAllTextAsync(file, cancellationToken)));
        }

        var k6Files = contents.Where(c => LoadTool.IsResultsFile(c.Json)).ToList();
        ResultsDocument document;
        if (k6Files.Count == contents.Count)
        {
            var summaries = k6Files.Select(c => LoadTool.ReadResults(c.Json, c.Path)).OrderBy(s => s.StartedAtMs).ToList();
            document = StandaloneResults.From(summaries, await ReadAppAsync(appUrl, summaries[0].StartedAtMs, cancellationToken));
        }
        else if (contents.Count == 1)
        {
            document = ResultsJson.Deserialize(contents[0].Json, contents[0].Path);
        }
        else
        {
            throw new UsageException("Give either one results.json, or k6 results files (one per experiment), not a mix.");
        }

        // Read, then modelled: k6's own files and a results.json written before there were predictions get them here.
        if (markdown)
        {
            Console.Out.Write(Report.Formatting.MarkdownTable.Of(Predictions.Attach(document)));
            return;
        }

        var directory = output?.FullName ?? Path.GetDirectoryName(Path.GetFullPath(files[0]))!;
        var html = await ReportWriter.WriteAsync(Predictions.Attach(document), directory, cancellationToken);
        Console.WriteLine($"Report: {html}");
    }

    private static IEnumerable<string> Expand(string input)
    {
        if (File.Exists(input))
        {
            return [input];
        }

        if (!Directory.Exists(input))
        {
            throw new UsageException(
                $"{Path.GetFullPath(input)} does not exist. Give a results.json, k6 results files, or a folder of them.");
        }

        var k6 = Directory.GetFiles(input, "*-k6.json").Order(StringComparer.Ordinal).ToList();
        var results = Path.Combine(input, "results.json");
        return k6.Count > 0 ? k6
            : File.Exists(results) ? [results]
            : throw new UsageException($"{Path.GetFullPath(input)} holds no *-k6.json files and no results.json.");
    }

    private static async Task<RuntimeReport?> ReadAppAsync(string? appUrl, long fromMs, CancellationToken cancellationToken)
    {
        if (appUrl is null)
        {
            return null;
        }

        if (!Uri.TryCreate(appUrl, UriKind.Absolute, out var url))
        {
            throw new UsageException($"--app must be a URL such as http://127.0.0.1:5080; got '{appUrl}'.");
        }

        var runtime = await new AppClient(url).GetRuntimeAsync(fromMs - 2000, cancellationToken)
            ?? throw new HarnessException(
                $"{url} did not answer /diag/runtime; is the app still running? Leave out --app to render without server figures.");
        return runtime;
    }
}
