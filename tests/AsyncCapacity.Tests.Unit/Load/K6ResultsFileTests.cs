using AsyncCapacity.Cli.Load;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Measure;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Load;

/// <summary>k6's results file (Cli/Load): read into the lab's steps, told apart from a results.json, made a run of its own.</summary>
public sealed class K6ResultsFileTests
{
    /// <summary>Written by a real `k6 run k6-scripts/sleep.js` (steps 1,10,50, no cool-down) against the app.</summary>
    private static readonly string Golden = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Golden", "k6-sleep.json"));

    [Fact]
    public void A_real_k6_results_file_parses_into_its_steps()
    {
        // Act
        var summary = K6ResultsFile.Parse(Golden, "k6-sleep.json");

        // Assert
        Assert.Equal("sleep", summary.Experiment);
        Assert.Equal("500", summary.Parameters["ms"]);
        Assert.Equal(new Sla(1000, 0.01), summary.Sla);
        Assert.Equal(["sync_1", "sync_10", "sync_50", "async_1", "async_10", "async_50"],
            summary.Steps.Select(s => $"{s.Variant}_{s.Concurrency}"));
        Assert.All(summary.Steps, s =>
        {
            Assert.True(s.StartMs < s.MeasureFromMs && s.MeasureFromMs < s.EndMs, $"{s.StartMs}, {s.MeasureFromMs}, {s.EndMs}");
            Assert.InRange(s.Requests, 1, long.MaxValue);
            Assert.NotNull(s.DurationMs?.P95);
        });
    }

    [Fact]
    public void A_standalone_run_becomes_a_results_document_with_empty_server_columns()
    {
        // Act
        var document = StandaloneResults.From([K6ResultsFile.Parse(Golden, "k6-sleep.json")]);

        // Assert
        var experiment = Assert.Single(document.Experiments);
        Assert.Equal("sleep", experiment.Name);
        Assert.Equal(["sync", "async"], experiment.Variants.Select(v => v.Name));
        Assert.All(experiment.Variants.SelectMany(v => v.Steps), s => Assert.Null(s.ThreadsAtStart));
        Assert.Contains("not recorded", document.Run.Machine, StringComparison.Ordinal);
        Assert.Contains("no cool-down", RunText.Isolation(document.Run.Isolation), StringComparison.Ordinal);
        Assert.NotEmpty(VerdictText.Of(experiment));
    }

    [Theory]
    [InlineData("{}", "format")]
    [InlineData("not json", "not a k6 results file")]
    [InlineData("{\"format\":\"something-else/1\"}", "asynccapacity-k6/1")]
    public void A_file_that_is_not_a_k6_results_file_is_refused_with_a_reason(string json, string expected)
    {
        // Act
        var error = Assert.Throws<InvalidDataException>(() => K6ResultsFile.Parse(json, "x.json"));

        // Assert
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_results_document_is_told_apart_from_a_k6_results_file()
    {
        Assert.True(K6ResultsFile.LooksLikeK6Summary(Golden));
        Assert.False(K6ResultsFile.LooksLikeK6Summary("{\"schemaVersion\":1}"));
        Assert.False(K6ResultsFile.LooksLikeK6Summary("[1,2]"));
        Assert.False(K6ResultsFile.LooksLikeK6Summary("{"));
    }

    [Fact]
    public void Results_json_round_trips_and_a_wrong_schema_version_is_refused()
    {
        // Arrange
        var document = StandaloneResults.From([K6ResultsFile.Parse(Golden, "k6-sleep.json")]);
        var json = ResultsJson.Serialize(document);

        // Act
        var back = ResultsJson.Deserialize(json, "results.json");
        var error = Assert.Throws<InvalidDataException>(() =>
            ResultsJson.Deserialize(json.Replace($"\"schemaVersion\": {ResultsDocument.CurrentSchemaVersion}",
                "\"schemaVersion\": 9", StringComparison.Ordinal), "results.json"));

        // Assert
        Assert.Equal(ResultsJson.Serialize(document), ResultsJson.Serialize(back));
        Assert.Contains("schemaVersion 9", error.Message, StringComparison.Ordinal);
    }
}
