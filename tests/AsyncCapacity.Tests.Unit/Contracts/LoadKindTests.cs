using System.Text.Json;
using System.Text.RegularExpressions;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Contracts;

/// <summary>
/// A load kind is declared in one place (Contracts' LoadKind) and named in three others that cannot reference it: the
/// declarations' schema, the k6 map of kinds to modules, and the module itself. These keep them in step.
/// </summary>
public sealed partial class LoadKindTests
{
    [Fact]
    public void The_schema_the_k6_map_and_the_contracts_know_the_same_kinds()
    {
        // Arrange
        using var schema = JsonDocument.Parse(File.ReadAllText(Path.Combine(Repository.Root, "experiments", "experiment.schema.json")));
        var kindsJs = File.ReadAllText(Path.Combine(Repository.Root, "k6-scripts", "lib", "kinds.js"));

        // Act
        var inSchema = schema.RootElement.GetProperty("properties").GetProperty("load")
            .GetProperty("enum").EnumerateArray().Select(e => e.GetString());
        var inK6 = KindEntry().Matches(kindsJs).Select(m => m.Groups[1].Value);

        // Assert
        Assert.Equal(LoadKind.All.Select(k => k.Name).Order(), inSchema.Order());
        Assert.Equal(LoadKind.All.Select(k => k.Name).Order(), inK6.Order());
    }

    [Fact]
    public void Each_kind_names_a_k6_module_that_exists_and_kinds_js_imports_it()
    {
        var kindsJs = File.ReadAllText(Path.Combine(Repository.Root, "k6-scripts", "lib", "kinds.js"));
        Assert.All(LoadKind.All, kind =>
        {
            Assert.True(File.Exists(Path.Combine(Repository.Root, kind.K6Module)), $"{kind.Name}: {kind.K6Module} is missing");
            Assert.Contains($"from './{Path.GetFileName(kind.K6Module)}'", kindsJs, StringComparison.Ordinal);
        });
    }

    [Theory]
    [InlineData("http", "req/s", true, true)]
    [InlineData("websocket", "msg/s", false, false)]
    public void Each_kind_reads_back_from_its_name_with_its_facts(string name, string rateUnit, bool arrivesAtRate, bool probedByRequest)
    {
        // Act
        var kind = JsonSerializer.Deserialize<LoadKind>($"\"{name}\"", WireJson.Options)!;

        // Assert
        Assert.Same(NamedValues.Find<LoadKind>(name), kind);
        Assert.Equal((rateUnit, arrivesAtRate, probedByRequest), (kind.RateUnit, kind.ArrivesAtRate, kind.ProbedByRequest));
        Assert.Equal($"\"{name}\"", JsonSerializer.Serialize(kind, WireJson.Options));
    }

    [Fact]
    public void An_unknown_kind_is_refused_naming_the_known_ones()
    {
        var error = Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<LoadKind>("\"sse\"", WireJson.Options));
        Assert.Contains("'sse' is not one of http, websocket", error.Message, StringComparison.Ordinal);
    }

    [GeneratedRegex(@"^  ([a-z][a-z0-9-]*): \{", RegexOptions.Multiline)]
    private static partial Regex KindEntry();
}
