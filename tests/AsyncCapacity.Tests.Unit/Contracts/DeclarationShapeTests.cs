using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Contracts;

/// <summary>
/// The schema editors read (experiments/experiment.schema.json) and the shape the validator reads off the records must
/// name the same properties and require the same ones, or a file the editor accepts would be refused, or the reverse.
/// </summary>
public sealed class DeclarationShapeTests
{
    public static TheoryData<string, Type> Objects => new()
    {
        { "$", typeof(Experiment) },
        { "$.variants[]", typeof(Variant) },
        { "$.variants[].holds[]", typeof(Hold) },
        { "$.parameters[]", typeof(Parameter) },
        { "$.sla", typeof(DeclaredSla) },
        { "$.auxiliaryRoutes[]", typeof(AuxiliaryRoute) },
    };

    [Theory]
    [MemberData(nameof(Objects))]
    public void The_schema_and_the_records_know_the_same_properties_and_require_the_same(string path, Type record)
    {
        // Arrange
        using var schema = JsonDocument.Parse(File.ReadAllText(Path.Combine(Repository.Root, "experiments", "experiment.schema.json")));
        var node = schema.RootElement;
        foreach (var step in path.Split('.').Skip(1))
        {
            node = node.GetProperty("properties").GetProperty(step.TrimEnd('[', ']'));
            node = step.EndsWith("[]", StringComparison.Ordinal) ? node.GetProperty("items") : node;
        }

        // Act
        var inSchema = node.GetProperty("properties").EnumerateObject().Select(p => p.Name).Where(n => !n.StartsWith('$')).Order();
        var required = node.GetProperty("required").EnumerateArray().Select(e => e.GetString()!).Order();
        var members = record.GetConstructors().MaxBy(c => c.GetParameters().Length)!.GetParameters();
        var names = members.Select(p => Json(record, p.Name!)).Order();
        var needed = members.Select(p => (Name: Json(record, p.Name!), Optional: p.HasDefaultValue))
            .Where(m => !m.Optional && !DeclarationShape.EmptyWhenMissing.Contains(m.Name))
            .Select(m => m.Name)
            .Order();

        // Assert
        Assert.Equal(names, inSchema);
        Assert.Equal(needed, required);
    }

    private static string Json(Type record, string name) =>
        record.GetProperty(name)?.GetCustomAttributes(typeof(System.Text.Json.Serialization.JsonPropertyNameAttribute), false)
            .Cast<System.Text.Json.Serialization.JsonPropertyNameAttribute>().FirstOrDefault()?.Name
            ?? JsonNamingPolicy.CamelCase.ConvertName(name);
}
