using System.CommandLine.Parsing;

namespace AsyncCapacity.Cli.Options;

/// <summary>One `--set EXPERIMENT.PARAMETER=VALUE`, checked against the declaration's bounds.</summary>
internal sealed record ParameterSetting(Experiment Experiment, Parameter Parameter, string Value)
{
    public static ParameterSetting? Parse(string entry, ArgumentResult result)
    {
        var (key, value) = entry.Split('=', 2, StringSplitOptions.TrimEntries) is [var k, var v] ? (k, v) : (entry, "");
        var (id, name) = key.Split('.', 2) is [var e, var p] ? (e, p) : ("", key);
        var declared = ExperimentChoice.Declared(result);
        var experiment = declared.FirstOrDefault(e => e.Id.Equals(id, StringComparison.OrdinalIgnoreCase));
        var parameter = experiment?.Parameters.FirstOrDefault(p => p.Name.Equals(name, StringComparison.OrdinalIgnoreCase));
        if (experiment is null || parameter is null || value.Length == 0)
        {
            var known = declared.SelectMany(x => x.Parameters.Select(p => $"{x.Id}.{p.Name} ({p.Bounds}, default {p.Default})"));
            result.AddError($"--set takes EXPERIMENT.PARAMETER=VALUE; got '{entry}'. Known: {string.Join("; ", known)}.");
            return null;
        }

        if (!parameter.TryValidate(value, out var canonical, out var error))
        {
            result.AddError($"--set {entry}: {error}");
            return null;
        }

        return new ParameterSetting(experiment, parameter, canonical);
    }
}
