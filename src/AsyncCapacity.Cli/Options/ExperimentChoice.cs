using System.CommandLine.Parsing;

namespace AsyncCapacity.Cli.Options;

/// <summary>Which experiments a command line names: the lab's own, its --experiment-file's, and -e's choice among them.</summary>
internal static class ExperimentChoice
{
    // --experiment-file: a user's declarations, checked as the lab's own; every option that names an experiment sees them.
    public const string ExperimentFileName = "--experiment-file";

    public static IReadOnlyList<Experiment> Declared(SymbolResult result) =>
        [.. ExperimentCatalog.All, .. FromFiles(result)];

    /// <summary>The experiments of --experiment-file; none when it is absent or refused (its own error says why).</summary>
    public static IReadOnlyList<Experiment> FromFiles(SymbolResult result)
    {
        try
        {
            return (result.GetResult(ExperimentFileName) as OptionResult)?.GetValueOrDefault<Experiment[]>() ?? [];
        }
        catch (InvalidOperationException)
        {
            return [];
        }
    }

    /// <summary>-e's experiments; else a user's files' (the lab's own need the lab's app); else the lab's.</summary>
    public static IReadOnlyList<Experiment> Chosen(Experiment[]? experiments, IReadOnlyList<Experiment> files) =>
        experiments is { Length: > 0 } ? experiments : files.Count > 0 ? files : ExperimentCatalog.All;

    /// <summary>"sleep,db" sweeps both experiments;
    /// "sleep:sync" only that variant of sleep (the bench's knee checks, a second look at one side).</summary>
    public static Experiment[] Parse(ArgumentResult result)
    {
        var names = result.Tokens.SelectMany(
            t => t.Value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        var chosen = new Dictionary<Experiment, HashSet<string>?>();
        var declared = Declared(result);
        foreach (var name in names.Distinct(StringComparer.OrdinalIgnoreCase))
        {
            var (id, variantName) = name.Split(':', 2) is [var e, var v] ? (e, v) : (name, null);
            if (declared.FirstOrDefault(e => e.Id.Equals(id, StringComparison.OrdinalIgnoreCase)) is not { } experiment)
            {
                result.AddError($"Unknown experiment '{UserInput.Shown(id)}'. Available: {string.Join(", ", declared.Select(e => e.Id))} "
                    + $"(`capacity experiments` describes them; one of your own: {ExperimentFileName} FILE).");
            }
            else if (variantName is null)
            {
                chosen[experiment] = null;
            }
            else if (experiment.Variants.FirstOrDefault(
                v => v.Name.Equals(variantName, StringComparison.OrdinalIgnoreCase)) is not { } variant)
            {
                result.AddError($"{experiment.Id} declares no variant '{UserInput.Shown(variantName)}'; "
                    + $"it declares {string.Join(", ", experiment.Variants.Select(v => v.Name))}.");
            }
            else if (!chosen.TryGetValue(experiment, out var variants) || variants is not null)
            {
                chosen[experiment] = [.. variants ?? [], variant.Name];
            }
        }

        // The lab's in their declared order, then a user's in the order given.
        return [.. chosen.OrderBy(c => c.Key.Source is null ? c.Key.Order : int.MaxValue)
            .Select(c => c.Value is null ? c.Key : c.Key with { Variants = [.. c.Key.Variants.Where(v => c.Value.Contains(v.Name))] })];
    }
}
