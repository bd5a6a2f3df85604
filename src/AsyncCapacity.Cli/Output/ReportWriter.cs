using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Html;

namespace AsyncCapacity.Cli.Output;

internal static class ReportWriter
{
    public static async Task<string> WriteAsync(ResultsDocument document, string directory, CancellationToken cancellationToken)
    {
        Directory.CreateDirectory(directory);
        var resultsPath = Path.Combine(directory, "results.json");
        var htmlPath = Path.Combine(directory, "index.html");
        await File.WriteAllTextAsync(resultsPath, ResultsJson.Serialize(document), cancellationToken);
        await File.WriteAllTextAsync(htmlPath, HtmlReport.Render(document), cancellationToken);
        return Path.GetFullPath(htmlPath);
    }
}
