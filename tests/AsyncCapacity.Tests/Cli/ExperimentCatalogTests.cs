using AsyncCapacity.Report.Experiments;

namespace AsyncCapacity.Tests.Cli;

public sealed class ExperimentCatalogTests
{
    [Theory]
    [InlineData("sleep", "sync", "ms", "500", "/sleep/sync?ms=500")]
    [InlineData("db", "async", "ms", "50", "/db/async?ms=50")]
    [InlineData("content", "file", "name", "small.html", "/content/file/small.html")]
    [InlineData("content", "memory", "name", "a b/c", "/content/memory/a%20b%2Fc")]
    public void A_variants_request_path_fills_the_route_and_queries_the_rest(
        string experiment, string variant, string parameter, string value, string expected)
    {
        // Act
        var path = ExperimentCatalog.Find(experiment)!.PathAndQuery(variant, new Dictionary<string, string> { [parameter] = value });

        // Assert
        Assert.Equal(expected, path);
    }

    [Fact]
    public void Every_experiment_has_a_k6_script_and_a_blocking_and_a_non_blocking_variant()
    {
        foreach (var experiment in ExperimentCatalog.All)
        {
            Assert.True(File.Exists(Path.Combine(Infrastructure.Repository.Root, experiment.Script)), $"{experiment.Script} is missing");
            Assert.Single(experiment.Variants, v => v.Blocking);
            Assert.Single(experiment.Variants, v => !v.Blocking);
        }
    }
}
