using System.CommandLine.Parsing;

namespace AsyncCapacity.Cli.Options;

/// <summary>An option value for every experiment ("800") or for one ("sleep=800"), as --sla-p95 and --steps take them.</summary>
internal sealed record Scoped<T>(string? Experiment, T Value)
{
    /// <summary>The entry for an experiment: its own if given, else the one for all, else null (the declaration's).</summary>
    public static Scoped<T>? For(IReadOnlyList<Scoped<T>> values, Experiment experiment) =>
        values.LastOrDefault(v => v.Experiment == experiment.Id) ?? values.LastOrDefault(v => v.Experiment is null);

    /// <summary>Parses every token of a repeatable option; a token that names no declared experiment, or whose value <paramref
    /// name="parse"/> refuses (returning the reason), becomes an error naming the option and what it takes.</summary>
    public static Scoped<T>[] ParseAll(ArgumentResult result, string expected, Func<string, (T? Value, string? Error)> parse)
    {
        var values = new List<Scoped<T>>();
        foreach (var token in result.Tokens.Select(t => t.Value))
        {
            var split = token.Split('=', 2, StringSplitOptions.TrimEntries);
            var (scope, raw) = split.Length == 2 ? (split[0].ToLowerInvariant(), split[1]) : (null, split[0]);
            var declared = ExperimentChoice.Declared(result);
            if (scope is not null && declared.All(e => e.Id != scope))
            {
                result.AddError($"{OptionName(result)} {token}: '{scope}' is not a declared experiment "
                    + $"({string.Join(", ", declared.Select(e => e.Id))}).");
                continue;
            }

            var (value, error) = parse(raw);
            if (error is not null)
            {
                result.AddError($"{OptionName(result)} takes {expected}, or EXPERIMENT={expected}; got '{token}': {error}");
                continue;
            }

            values.Add(new Scoped<T>(scope, value!));
        }

        return [.. values];
    }

    private static string OptionName(ArgumentResult result) => (result.Parent as OptionResult)?.Option.Name ?? "option";
}
