using System.Text.Json;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// Every experiment declared in experiments/*.json (embedded in this assembly), checked and ordered once. A declaration
/// that breaks a rule stops whoever reads it first, with the file and the rule: the app at start, the CLI at once.
/// </summary>
public static class ExperimentCatalog
{
    private const string ResourcePrefix = "experiments/";

    private static readonly Lazy<IReadOnlyList<Experiment>> Declared = new(Load);

    public static IReadOnlyList<Experiment> All => Declared.Value;

    public static Experiment? Find(string id) =>
        All.FirstOrDefault(e => string.Equals(e.Id, id, StringComparison.OrdinalIgnoreCase));

    /// <summary>The experiment by id; throws, naming the declared ones, when there is none.</summary>
    public static Experiment Get(string id) => Find(id)
        ?? throw new KeyNotFoundException($"No experiment '{id}' is declared; experiments/*.json declare {string.Join(", ", All.Select(e => e.Id))}.");

    /// <summary>Reads one declaration; throws <see cref="InvalidDataException"/> naming the file and every broken rule.</summary>
    public static Experiment Parse(string json, string source)
    {
        Experiment? experiment;
        try
        {
            experiment = JsonSerializer.Deserialize<Experiment>(json, WireJson.Options);

            // An experiment may declare no parameters (audit): an empty list, so that readers need no null checks.
            experiment = experiment is { Parameters: null } ? experiment with { Parameters = [] } : experiment;
        }
        catch (JsonException ex)
        {
            throw new InvalidDataException($"{source} is not a valid experiment declaration: {ex.Message}", ex);
        }

        var problems = experiment is null ? ["it is empty"] : DeclarationRules.Check(experiment);
        return problems.Count == 0
            ? experiment!
            : throw new InvalidDataException($"{source}: {string.Join(" ", problems)} (experiments/experiment.schema.json describes the format.)");
    }

    private static IReadOnlyList<Experiment> Load()
    {
        var assembly = typeof(ExperimentCatalog).Assembly;
        var experiments = new List<Experiment>();
        foreach (var name in assembly.GetManifestResourceNames().Where(n => n.StartsWith(ResourcePrefix, StringComparison.Ordinal)))
        {
            using var stream = assembly.GetManifestResourceStream(name)!;
            using var reader = new StreamReader(stream);
            var experiment = Parse(reader.ReadToEnd(), name);
            if (name != $"{ResourcePrefix}{experiment.Id}.json")
            {
                throw new InvalidDataException($"{name} declares the id '{experiment.Id}': name the file after its id.");
            }

            experiments.Add(experiment);
        }

        var sameOrder = experiments.GroupBy(e => e.Order).FirstOrDefault(g => g.Count() > 1);
        if (sameOrder is not null)
        {
            throw new InvalidDataException($"experiments/{string.Join(".json and experiments/", sameOrder.Select(e => e.Id))}.json share the order {sameOrder.Key}: give each its own.");
        }

        return [.. experiments.OrderBy(e => e.Order)];
    }
}
