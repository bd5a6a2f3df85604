using System.Text.Json;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Tests.Results;

/// <summary>A results.json of schema 1 (the fixed database and audit fields) reads as schema 2, its figures kept as gauges.</summary>
public sealed class ResultsVersion1Tests
{
    private static string Path(string name) => System.IO.Path.Combine(AppContext.BaseDirectory, "Golden", name);

    [Fact]
    public void The_pool_figures_of_a_schema_1_db_run_become_its_connection_pool_gauge()
    {
        // Arrange: the figures as the old file wrote them
        var json = File.ReadAllText(Path("results-db.json"));
        using var raw = JsonDocument.Parse(json);
        var rawVariant = raw.RootElement.GetProperty("experiments")[0].GetProperty("variants")[1];
        var rawStep = rawVariant.GetProperty("steps").EnumerateArray().Last();
        var rawSample = rawVariant.GetProperty("timeline").EnumerateArray().First(s => s.GetProperty("dbInUse").GetInt32() > 0);

        // Act
        var document = ResultsJson.Deserialize(json, "results-db.json");

        // Assert
        Assert.Equal(1, raw.RootElement.GetProperty("schemaVersion").GetInt32());
        Assert.Equal(ResultsDocument.CurrentSchemaVersion, document.SchemaVersion);
        var experiment = document.Experiments[0];
        Assert.Contains("connection-pool", experiment.Gauges!);
        var variant = experiment.Variants[1];
        Assert.Equal(rawStep.GetProperty("dbOpenMs").GetDouble(), variant.Steps[^1].Gauge("db.poolWaitMs"));
        Assert.Equal(rawStep.GetProperty("maxDbWaiting").GetInt32(), variant.Steps[^1].Gauge("db.maxWaiting"));
        var sample = variant.Timeline.Single(s => s.TimestampMs == rawSample.GetProperty("timestampMs").GetInt64());
        Assert.Equal(rawSample.GetProperty("dbInUse").GetInt32(), sample.Gauge(GaugeKeys.DbInUse));
        Assert.Equal(raw.RootElement.GetProperty("run").GetProperty("databasePoolSize").GetInt32(), sample.Gauge(GaugeKeys.DbPoolSize));
    }

    [Fact]
    public void A_schema_1_sleep_run_lists_no_gauge_and_an_unknown_schema_is_refused_naming_the_versions_read()
    {
        // Act
        var sleep = ResultsJson.Deserialize(File.ReadAllText(Path("results-sleep.json")), "results-sleep.json");
        var error = Assert.Throws<InvalidDataException>(
            () => ResultsJson.Deserialize("""{"schemaVersion": 7, "run": {}, "experiments": []}""", "future.json"));

        // Assert
        Assert.Empty(sleep.Experiments[0].Gauges!);
        Assert.Equal("future.json has schemaVersion 7; this tool reads versions 1 to 5.", error.Message);
    }
}
