using System.Text.RegularExpressions;
using AsyncCapacity.Contracts.Gauges;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>What a declaration must hold for every reader to trust it; each broken rule is one sentence.</summary>
internal static partial class DeclarationRules
{
    public static List<string> Check(Experiment experiment)
    {
        var problems = new List<string>();
        void Require(bool condition, string problem)
        {
            if (!condition)
            {
                problems.Add(problem);
            }
        }

        Require(Name().IsMatch(experiment.Id ?? ""), "'id' must be lower case letters, digits and '-'.");
        Require(!string.IsNullOrWhiteSpace(experiment.Title) && !string.IsNullOrWhiteSpace(experiment.Lesson), "'title' and 'lesson' are required.");
        var variants = experiment.Variants ?? [];
        Require(variants.Any(v => v.Blocking) && variants.Any(v => !v.Blocking), "'variants' needs a blocking and a non-blocking variant.");
        Require(variants.Select(v => v.Name).Distinct().Count() == variants.Count, "variant names must be distinct.");
        foreach (var variant in variants)
        {
            Require(Name().IsMatch(variant.Name ?? ""), $"variant '{variant.Name}': its name must be lower case letters, digits and '-'.");
            Require(variant.Method is "GET" or "POST", $"variant '{variant.Name}': 'method' must be GET or POST.");
            Require(variant.Route?.StartsWith('/') == true, $"variant '{variant.Name}': 'route' must start with '/'.");
            var holds = variant.Holds ?? [];
            Require(holds.Select(h => h.Resource).Distinct().Count() == holds.Count, $"variant '{variant.Name}': each resource is held once in 'holds'.");
            Require(holds.All(h => h.Resource != HeldResource.DbConnections) || experiment.Needs?.Contains(Experiment.NeedsDatabase) == true,
                $"variant '{variant.Name}': holds dbConnections, so the experiment needs the database.");
            foreach (Match placeholder in Placeholder().Matches(variant.Route ?? ""))
            {
                Require(experiment.Parameters?.Any(p => p.Name == placeholder.Groups[1].Value && p.In == ParameterLocation.Path) == true,
                    $"variant '{variant.Name}': its route's {{{placeholder.Groups[1].Value}}} is no path parameter.");
            }
        }

        foreach (var parameter in experiment.Parameters ?? [])
        {
            CheckParameter(parameter, variants, Require);
        }

        var steps = experiment.Steps ?? [];
        Require(steps.Count > 0 && steps.All(s => s >= 1) && steps.SequenceEqual(steps.Distinct().Order()), "'steps' must be distinct positive concurrencies, ascending.");
        Require(experiment.Sla is { P95Ms: > 0, MaxErrorPercent: >= 0 and <= 100 }, "'sla' needs p95Ms above 0 and maxErrorPercent from 0 to 100.");
        foreach (var need in experiment.Needs ?? [])
        {
            Require(need == Experiment.NeedsDatabase, $"'needs' knows only '{Experiment.NeedsDatabase}'; got '{need}'.");
        }

        foreach (var gauge in experiment.Gauges ?? [])
        {
            Require(GaugeCatalog.Find(gauge) is not null, $"gauge '{gauge}' is not in GaugeCatalog ({string.Join(", ", GaugeCatalog.All.Select(g => g.Id))}).");
        }

        Require(experiment.Body is null || variants.Any(v => v.Method == "POST"), "'body' is sent only with POST variants.");
        return problems;
    }

    private static void CheckParameter(Parameter parameter, IReadOnlyList<Variant> variants, Action<bool, string> require)
    {
        var name = $"parameter '{parameter.Name}'";
        require(ParameterName().IsMatch(parameter.Name ?? ""), $"{name}: its name must be a letter followed by letters and digits.");
        if (parameter.Type == ParameterType.WholeNumber)
        {
            require(parameter.Min is not null && parameter.Max is not null && parameter.Min <= parameter.Max, $"{name}: an integer needs min ≤ max.");
            require(parameter.TryParseInteger(parameter.Default, out _, out _), $"{name}: its default '{parameter.Default}' is outside {parameter.Bounds}.");
        }
        else
        {
            require(parameter.Choices is { Count: > 0 } && parameter.Choices.Contains(parameter.Default), $"{name}: a choice needs choices that include its default.");
        }

        if (parameter.Role == ParameterRole.Tls)
        {
            require(parameter.Type == ParameterType.Choice && parameter.Choices is { Count: 2 } choices && choices.Contains("false") && choices.Contains("true"),
                $"{name}: a 'tls' parameter is a choice of false and true.");
        }

        if (parameter.In == ParameterLocation.Path)
        {
            require(variants.All(v => v.Route?.Contains("{" + parameter.Name + "}", StringComparison.Ordinal) == true),
                $"{name}: a path parameter must appear as {{{parameter.Name}}} in every variant's route.");
        }
    }

    [GeneratedRegex("^[a-z][a-z0-9-]*$")]
    private static partial Regex Name();

    [GeneratedRegex("^[a-z][a-zA-Z0-9]*$")]
    private static partial Regex ParameterName();

    [GeneratedRegex(@"\{(\w+)\}")]
    private static partial Regex Placeholder();
}
