using System.CommandLine;
using AsyncCapacity.Cli.Output;
using AsyncCapacity.Report.Analysis;
using AsyncCapacity.Report.K6;
using AsyncCapacity.Report.Results;

namespace AsyncCapacity.Cli.Commands;

internal static class ReportCommand
{
    public static Command Create()
    {
        var results = new Argument<FileInfo>("RESULTS")
        {
            Description = "results.json from `capacity sweep`, or the RESULTS_FILE a k6-scripts/*.js run wrote on its own.",
        };
        var output = new Option<DirectoryInfo?>("--out", "-o")
        {
            Description = "Folder for index.html and results.json [default: the folder RESULTS is in].",
        };

        var command = new Command("report", "Render the HTML report (index.html + results.json) again from results.")
        {
            results,
            output,
        };
        command.SetAction((parse, cancellationToken) => CommandRunner.RunAsync(
            token => RunAsync(parse.GetValue(results)!, parse.GetValue(output), token), cancellationToken));
        return command;
    }

    private static async Task RunAsync(FileInfo results, DirectoryInfo? output, CancellationToken cancellationToken)
    {
        if (!results.Exists)
        {
            throw new UsageException($"{results.FullName} does not exist. Give the results.json of a sweep (reports/<run>/results.json).");
        }

        var json = await File.ReadAllTextAsync(results.FullName, cancellationToken);
        var document = K6SummaryReader.LooksLikeK6Summary(json)
            ? StandaloneResults.From(K6SummaryReader.Parse(json, results.FullName))
            : ResultsJson.Deserialize(json, results.FullName);

        var directory = output?.FullName ?? results.DirectoryName ?? Environment.CurrentDirectory;
        var html = await ReportWriter.WriteAsync(document, directory, cancellationToken);
        Console.WriteLine($"Report: {html}");
    }
}
