using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;
using static AsyncCapacity.Tests.Report.ReportPages;

namespace AsyncCapacity.Tests.Cli;

/// <summary>`capacity report` as a user runs it: results read, then modelled, then rendered.</summary>
public sealed class ReportCommandTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-report-").FullName;

    [Fact]
    public async Task A_run_written_before_predictions_is_reported_with_them()
    {
        // Arrange: a schema 1 results.json, written before there were predictions
        var golden = GoldenPath("results-sleep.json");

        // Act
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "report", golden, "--out", _folder);

        // Assert
        Assert.True(code == 0, $"capacity report exited {code}:\n{output}");
        var written = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_folder, "results.json")), "results.json");
        Assert.All(written.Experiments.SelectMany(e => e.Variants), v => Assert.NotNull(v.Prediction));
        var html = await File.ReadAllTextAsync(Path.Combine(_folder, "index.html"));
        Assert.Equal(written.Experiments.Sum(e => e.Variants.Count), html.Split("<p class=\"card-prediction").Length - 1);
    }

    [Theory]
    [InlineData("{ \"schemaVersion\": 5, \"run\": ", "is not a valid results file")]
    [InlineData("{ \"schemaVersion\": 99, \"run\": {}, \"experiments\": [] }", "has schemaVersion 99")]
    [InlineData("{ \"schemaVersion\": 5, \"experiments\": [] }", "$.run is missing")]
    public async Task A_broken_results_file_is_one_line_naming_it_and_exits_with_bad_input(string json, string expected)
    {
        // Arrange
        var path = Path.Combine(_folder, "broken.json");
        await File.WriteAllTextAsync(path, json);

        // Act
        var (code, output) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(1), "report", path, "--out", _folder);

        // Assert
        Assert.Equal(1, code);
        var line = Assert.Single(output.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"error: {path} ", line, StringComparison.Ordinal);
        Assert.Contains(expected, line, StringComparison.Ordinal);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
