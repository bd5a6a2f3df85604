using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using AsyncCapacity.Contracts.Gauges;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>What every reader trusts beyond a declaration's shape; a broken rule is one problem at its JSON path.</summary>
internal static partial class DeclarationRules
{
    private const string NameRule = "lower case letters, digits and '-', starting with a letter";

    public static List<DeclarationProblem> Check(Experiment experiment)
    {
        var problems = new List<DeclarationProblem>();
        void Require(bool condition, string path, string expected, string? got = null)
        {
            if (!condition)
            {
                problems.Add(new DeclarationProblem(path, expected, got));
            }
        }

        Require(Name().IsMatch(experiment.Id ?? ""), "$.id", NameRule, Q(experiment.Id));
        Require(!string.IsNullOrWhiteSpace(experiment.Title), "$.title", "a title", Q(experiment.Title));
        Require(!string.IsNullOrWhiteSpace(experiment.Lesson), "$.lesson", "a sentence or two on what the pair shows",
            Q(experiment.Lesson));
        var variants = experiment.Variants ?? [];
        Require(variants.Any(v => v.Blocking) && variants.Any(v => !v.Blocking), "$.variants",
            "a blocking variant (\"blocking\": true) and a non-blocking one (\"blocking\": false)");
        for (var i = 0; i < variants.Count; i++)
        {
            CheckVariant(experiment, variants[i], $"$.variants[{i}]", variants.Take(i).Any(v => v.Name == variants[i].Name), Require);
        }

        var parameters = experiment.Parameters ?? [];
        for (var i = 0; i < parameters.Count; i++)
        {
            CheckParameter(parameters[i], $"$.parameters[{i}]", variants, Require);
        }

        var steps = experiment.Steps ?? [];
        Require(steps.Count > 0 && steps.All(s => s >= 1) && steps.SequenceEqual(steps.Distinct().Order()), "$.steps",
            "distinct positive concurrencies, ascending", $"[{string.Join(", ", steps.Select(s => N(s)))}]");
        Require(experiment.Headline is null or >= 1, "$.headline", "a positive concurrency", N(experiment.Headline ?? 0));
        Require(experiment.Sla is null or { P95Ms: > 0 }, "$.sla.p95Ms", "a latency in ms above 0", N(experiment.Sla?.P95Ms));
        Require(experiment.Sla is null or { MaxErrorPercent: >= 0 and <= 100 }, "$.sla.maxErrorPercent", "a percentage from 0 to 100",
            N(experiment.Sla?.MaxErrorPercent));
        var needs = experiment.Needs ?? [];
        for (var i = 0; i < needs.Count; i++)
        {
            Require(needs[i] == Experiment.NeedsDatabase, $"$.needs[{i}]", $"\"{Experiment.NeedsDatabase}\"", Q(needs[i]));
        }

        var gauges = experiment.Gauges ?? [];
        for (var i = 0; i < gauges.Count; i++)
        {
            Require(GaugeCatalog.Find(gauges[i]) is not null, $"$.gauges[{i}]",
                $"a gauge of GaugeCatalog ({string.Join(", ", GaugeCatalog.All.Select(g => g.Id))})", Q(gauges[i]));
        }

        Require(experiment.Body is null && experiment.BodyFile is null || variants.Any(v => SendsBody(v.Method)), "$.body",
            "a body only where a variant sends one (not GET or HEAD)");
        CheckRequest(experiment.Body, experiment.BodyFile, experiment.Headers, "$", Require);

        return problems;
    }

    private static void CheckVariant(
        Experiment experiment, Variant variant, string path, bool repeated, Action<bool, string, string, string?> require)
    {
        require(Name().IsMatch(variant.Name ?? ""), $"{path}.name", NameRule, Q(variant.Name));
        require(!repeated, $"{path}.name", "a name no other variant has", Q(variant.Name));
        require(Methods.Contains(variant.Method ?? ""), $"{path}.method", string.Join(", ", Methods), Q(variant.Method));
        require(variant.Body is null && variant.BodyFile is null || SendsBody(variant.Method), $"{path}.body",
            "no body on a GET or HEAD", Q(variant.Method));
        CheckRequest(variant.Body, variant.BodyFile, variant.Headers, path, require);
        require(variant.Route?.StartsWith('/') == true, $"{path}.route", "a path starting with '/'", Q(variant.Route));
        var holds = variant.Holds ?? [];
        for (var i = 0; i < holds.Count; i++)
        {
            require(holds.Take(i).All(h => h.Resource != holds[i].Resource), $"{path}.holds[{i}].resource", "each resource held once",
                Q(JsonNamingPolicy.CamelCase.ConvertName(holds[i].Resource.ToString())));
            require(holds[i].Resource != HeldResource.DbConnections || experiment.UsesDatabase, $"{path}.holds[{i}].resource",
                "dbConnections only in an experiment that needs the database (\"needs\": [\"database\"])", null);
        }

        foreach (Match placeholder in Placeholder().Matches(variant.Route ?? ""))
        {
            var name = placeholder.Groups[1].Value;
            require(experiment.Parameters?.Any(p => p.Name == name && p.In == ParameterLocation.Path) == true, $"{path}.route",
                $"each {{placeholder}} to be a parameter with \"in\": \"path\"; {{{name}}} is not", Q(variant.Route));
        }
    }

    private static void CheckParameter(
        Parameter parameter, string path, IReadOnlyList<Variant> variants, Action<bool, string, string, string?> require)
    {
        require(ParameterName().IsMatch(parameter.Name ?? ""), $"{path}.name", "a letter followed by letters and digits",
            Q(parameter.Name));
        if (parameter.Type == ParameterType.WholeNumber)
        {
            require(parameter.Min is not null && parameter.Max is not null && parameter.Min <= parameter.Max, $"{path}.max",
                "an integer parameter's \"min\" and \"max\", min ≤ max",
                string.Create(CultureInfo.InvariantCulture, $"min {parameter.Min}, max {parameter.Max}"));
            require(parameter.TryParseInteger(parameter.Default, out _, out _), $"{path}.default",
                $"a whole number within {parameter.Bounds}",
                parameter.DefaultJson.GetRawText());
        }
        else
        {
            require(parameter.Choices is { Count: > 0 } && parameter.Choices.Contains(parameter.Default), $"{path}.default",
                "one of the parameter's \"choices\"", parameter.DefaultJson.GetRawText());
        }

        if (parameter.Role == ParameterRole.Tls)
        {
            require(parameter.Type == ParameterType.Choice && parameter.Choices is { Count: 2 } choices
                && choices.Contains("false") && choices.Contains("true"),
                $"{path}.choices", "a tls parameter's choices \"false\" and \"true\"", null);
        }

        if (parameter.In == ParameterLocation.Path)
        {
            var placeholder = "{" + parameter.Name + "}";
            var missing = variants.Select((v, i) => (v, i))
                .FirstOrDefault(x => x.v.Route?.Contains(placeholder, StringComparison.Ordinal) != true);
            require(missing.v is null, $"$.variants[{missing.i}].route", $"{placeholder} in every route, as a path parameter",
                Q(missing.v?.Route));
        }
    }

    private static readonly string[] Methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

    private static bool SendsBody(string? method) => method is not ("GET" or "HEAD");

    private static void CheckRequest(JsonElement? body, string? bodyFile, IReadOnlyDictionary<string, string>? headers, string path,
        Action<bool, string, string, string?> require)
    {
        require(body is null || bodyFile is null, $"{path}.bodyFile", "a body or a bodyFile, not both", Q(bodyFile));
        require(bodyFile is null || bodyFile.Length > 0, $"{path}.bodyFile", "a file name relative to the declaration", Q(bodyFile));
        foreach (var (name, value) in headers ?? new Dictionary<string, string>())
        {
            require(HeaderName().IsMatch(name), $"{path}.headers.{name}", "a header name (letters, digits and '-')", Q(name));
            require(value is not null, $"{path}.headers.{name}", "a value ({env:NAME} reads it from the environment)", null);
        }
    }

    private static string Q(string? text) => DeclarationProblem.Quoted(text);

    private static string N(double? number) => number?.ToString(CultureInfo.InvariantCulture) ?? "nothing";

    [GeneratedRegex("^[a-z][a-z0-9-]*$")]
    private static partial Regex Name();

    [GeneratedRegex("^[a-z][a-zA-Z0-9]*$")]
    private static partial Regex ParameterName();

    [GeneratedRegex(@"\{(\w+)\}")]
    private static partial Regex Placeholder();

    [GeneratedRegex("^[A-Za-z0-9][A-Za-z0-9-]*$")]
    private static partial Regex HeaderName();
}
