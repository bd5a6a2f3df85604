using System.Text.Json;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Laws;

/// <summary>A held resource is named in the contracts, the schema and the laws' kinds: these keep them in step.</summary>
public sealed class ResourceKindTests
{
    [Fact]
    public void The_schema_the_contracts_and_the_laws_know_the_same_held_resources()
    {
        // Arrange
        var path = Path.Combine(Repository.Root, "experiments", "experiment.schema.json");
        using var schema = JsonDocument.Parse(File.ReadAllText(path));

        // Act
        var holds = schema.RootElement.GetProperty("properties").GetProperty("variants").GetProperty("items")
            .GetProperty("properties").GetProperty("holds").GetProperty("items").GetProperty("properties");
        var inSchema = holds.GetProperty("resource").GetProperty("enum").EnumerateArray().Select(e => e.GetString());

        // Assert: every declared name has a kind of the same id, so results.json and declarations say it alike.
        Assert.Equal(Hold.Names.Order(), inSchema.Order());
        Assert.All(Enum.GetValues<HeldResource>(), r => Assert.Contains(ResourceKind.Of(r).Id, Hold.Names));
    }

    [Fact]
    public void A_prediction_keeps_its_kinds_and_its_reason_through_results_json()
    {
        // Arrange
        var bound = ResourceBound.Held(ResourceKind.Threads, 2, UnitsSource.PoolMinimum, holdSeconds: 0.5, load: 2, meanLoad: 4);
        var prediction = new Prediction(2, 4, bound, [bound], 502, PredictionOutcome.Above, 50, new PoolGrew(50, 2, 10, 196), null);

        // Act
        var json = JsonSerializer.Serialize(prediction, ResultsJson.Options);
        var read = JsonSerializer.Deserialize<Prediction>(json, ResultsJson.Options)!;

        // Assert: the ids results.json has always written, and the reason with its figures.
        Assert.Contains("\"resource\": \"threads\"", json, StringComparison.Ordinal);
        Assert.Contains("\"kind\": \"poolGrew\"", json, StringComparison.Ordinal);
        Assert.Same(ResourceKind.Threads, read.Binding.Resource);
        Assert.Equal(new PoolGrew(50, 2, 10, 196), read.Reason);
        Assert.Equal(500, read.Binding.HoldMs);
    }

    [Fact]
    public void A_resource_results_json_does_not_know_is_refused_naming_the_ones_it_does()
    {
        var error = Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<ResourceKind>("\"gpu\"", ResultsJson.Options));

        Assert.Contains("'gpu' is no resource the laws know (threads, dbConnections", error.Message, StringComparison.Ordinal);
    }
}
