using System.Text.Json;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>A declaration that breaks a rule stops whoever reads it first, with the file and the rule.</summary>
public static class ExperimentCatalog
{
    private const string ResourcePrefix = "experiments/";

    private static readonly Lazy<IReadOnlyList<Experiment>> Declared = new(Load);

    private static readonly Lazy<IReadOnlyList<string>> DeclaredIds = new(LoadIds);

    public static IReadOnlyList<Experiment> All => Declared.Value;

    /// <summary>The ids of <see cref="All"/>, in its order, read from each file's "id" and "order" alone: a command's --help names
    /// them, and checking and binding every declaration costs a start-up three times what the help itself does.</summary>
    public static IReadOnlyList<string> Ids => DeclaredIds.Value;

    public static Experiment? Find(string id) =>
        All.FirstOrDefault(e => string.Equals(e.Id, id, StringComparison.OrdinalIgnoreCase));

    public static Experiment Get(string id) => Find(id)
        ?? throw new KeyNotFoundException($"No experiment '{id}' is declared; "
            + $"experiments/*.json declare {string.Join(", ", All.Select(e => e.Id))}.");

    public static Experiment Parse(string json, string source)
    {
        // Strict JSON, no comments: k6 reads the same file with JSON.parse.
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(json);
        }
        catch (JsonException ex)
        {
            var at = $"line {ex.LineNumber + 1}, byte {ex.BytePositionInLine + 1}";
            throw new InvalidDataException($"{source}: {at}: not valid JSON ({FirstSentence(ex)})", ex);
        }

        using (document)
        {
            var problems = new List<DeclarationProblem>();
            DeclarationShape.Check(document.RootElement, typeof(Experiment), "$", problems);
            var experiment = problems.Count == 0 ? document.RootElement.Deserialize<Experiment>(WireJson.Options)! : null;

            // An experiment may declare no parameters (audit): an empty list, so that readers need no null checks.
            experiment = experiment is { Parameters: null } ? experiment with { Parameters = [] } : experiment;
            problems.AddRange(experiment is null ? [] : DeclarationRules.Check(experiment));
            return problems.Count == 0 ? experiment! : throw new InvalidDataException(Describe(source, problems));
        }
    }

    private static string Describe(string source, IEnumerable<DeclarationProblem> problems) =>
        string.Join(Environment.NewLine, problems.Select(p => $"{source}: {p}"))
            + Environment.NewLine
            + "(experiments/experiment.schema.json describes the format; `capacity experiments --new NAME` prints a start.)";

    private static string FirstSentence(JsonException ex) => ex.Message.StartsWith("'/'", StringComparison.Ordinal)
        ? "comments are not JSON, and k6 reads the file with JSON.parse: write a \"$comment\" property instead"
        : ex.Message.Split(" Path:", 2)[0].Split(" LineNumber:", 2)[0].TrimEnd('.', ' ');

    private static IReadOnlyList<string> LoadIds()
    {
        var assembly = typeof(ExperimentCatalog).Assembly;
        return [.. assembly.GetManifestResourceNames().Where(n => n.StartsWith(ResourcePrefix, StringComparison.Ordinal))
            .Select(name =>
            {
                using var document = JsonDocument.Parse(assembly.GetManifestResourceStream(name)!);
                var root = document.RootElement;
                return (Id: root.GetProperty("id").GetString()!, Order: root.GetProperty("order").GetInt32());
            })
            .OrderBy(e => e.Order).Select(e => e.Id)];
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
            throw new InvalidDataException($"experiments/{string.Join(".json and experiments/", sameOrder.Select(e => e.Id))}"
                + $".json share the order {sameOrder.Key}: give each its own.");
        }

        return [.. experiments.OrderBy(e => e.Order)];
    }
}
