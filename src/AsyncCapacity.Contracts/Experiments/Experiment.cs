using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using AsyncCapacity.Contracts.Load;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>Declared once in experiments/&lt;id&gt;.json, read by the app, k6, the CLI and the report.</summary>
/// <param name="Headline">The load the claim rests on (C10k: 10,000 connections): every sweep probes it once.</param>
public sealed record Experiment(
    string Id,
    int Order,
    string Title,
    string Lesson,
    LoadKind Load,
    IReadOnlyList<Variant> Variants,
    IReadOnlyList<Parameter> Parameters,
    IReadOnlyList<int> Steps,
    DeclaredSla Sla,
    IReadOnlyList<string>? Needs = null,
    JsonElement? Body = null,
    IReadOnlyList<AuxiliaryRoute>? AuxiliaryRoutes = null,
    IReadOnlyList<string>? Gauges = null,
    IReadOnlyDictionary<string, string>? Headers = null,
    int? Headline = null,
    string? BodyFile = null,
    string? ContentType = null)
{
    public const string NeedsDatabase = "database";

    [JsonIgnore]
    public string? Source { get; init; }

    [JsonIgnore]
    public bool UsesDatabase => Needs?.Contains(NeedsDatabase) == true;

    public Variant Variant(string name) => Variants.FirstOrDefault(v => v.Name == name)
        ?? throw new KeyNotFoundException($"Experiment '{Id}' declares no variant '{name}'; "
            + $"it declares {string.Join(", ", Variants.Select(v => v.Name))}.");

    public Parameter Parameter(string name) => Parameters.FirstOrDefault(p => p.Name == name)
        ?? throw new KeyNotFoundException($"Experiment '{Id}' declares no parameter '{name}'.");

    /// <summary>Names match whatever their case; an error is keyed by the name as given.</summary>
    public bool TryResolveValues(
        IEnumerable<KeyValuePair<string, string>> given,
            out IReadOnlyDictionary<string, string> values, out IReadOnlyDictionary<string, string> errors)
    {
        var resolved = Parameters.ToDictionary(p => p.Name, p => p.Default);
        var refused = new Dictionary<string, string>();
        foreach (var (name, raw) in given)
        {
            if (Parameters.FirstOrDefault(p => p.Name.Equals(name, StringComparison.OrdinalIgnoreCase)) is not { } parameter)
            {
                var declared = Parameters.Count == 0 ? "none" : string.Join(", ", Parameters.Select(p => p.Name));
                refused[name] = $"{Id} declares no parameter '{UserInput.Shown(name)}'; it declares {declared}.";
            }
            else if (parameter.TryValidate(raw, out var value, out var error))
            {
                resolved[parameter.Name] = value;
            }
            else
            {
                refused[name] = error;
            }
        }

        (values, errors) = (resolved, refused);
        return refused.Count == 0;
    }

    [JsonIgnore]
    public IReadOnlyDictionary<string, string> DefaultValues => Parameters.ToDictionary(p => p.Name, p => p.Default);

    public string PathAndQuery(Variant variant, IReadOnlyDictionary<string, string> values)
    {
        var path = variant.Route;
        var query = new List<string>();
        foreach (var parameter in Parameters)
        {
            var value = values.TryGetValue(parameter.Name, out var given) ? given : parameter.Default;
            if (parameter.In == ParameterLocation.Client)
            {
                continue;
            }

            if (parameter.In == ParameterLocation.Path)
            {
                path = path.Replace("{" + parameter.Name + "}", Uri.EscapeDataString(value), StringComparison.Ordinal);
            }
            else
            {
                query.Add($"{Uri.EscapeDataString(parameter.Name)}={Uri.EscapeDataString(value)}");
            }
        }

        return query.Count == 0 ? path : $"{path}?{string.Join('&', query)}";
    }

    public bool UsesTls(IReadOnlyDictionary<string, string> values) =>
        Parameters.FirstOrDefault(p => p.Role == ParameterRole.Tls) is { } tls
            && values.TryGetValue(tls.Name, out var value) && value == "true";

    /// <summary>The most one closed-loop client can complete (the report's ideal line): 1000 ÷ the delay in ms.</summary>
    public double? IdealRpsPerClient(IReadOnlyDictionary<string, string> values) =>
        Parameters.FirstOrDefault(p => p.Role == ParameterRole.Delay) is { } delay
            && values.TryGetValue(delay.Name, out var raw)
            && double.TryParse(raw, NumberStyles.Float, CultureInfo.InvariantCulture, out var ms)
            && ms > 0
                ? 1000 / ms
                : null;
}

public sealed record AuxiliaryRoute(string Method, string Route, string What);

public sealed record DeclaredSla(double P95Ms, double MaxErrorPercent)
{
    public Sla ToSla() => new(P95Ms, MaxErrorPercent / 100);
}
