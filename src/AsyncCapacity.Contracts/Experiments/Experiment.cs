using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using AsyncCapacity.Contracts.Load;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>
/// One experiment of the lab as experiments/&lt;id&gt;.json declares it: the app maps and validates with it, k6 sends
/// what it says, the CLI checks `--set` against it and the report prints and plots what it lists.
/// </summary>
/// <param name="Headline">A load the experiment's claim rests on (C10k: 10,000 connections): every sweep probes it once.</param>
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

    /// <summary>The file a user's declaration came from (`--experiment-file`), absolute; null for the lab's own.</summary>
    [JsonIgnore]
    public string? Source { get; init; }

    [JsonIgnore]
    public bool UsesDatabase => Needs?.Contains(NeedsDatabase) == true;

    /// <summary>The variant by name; throws, naming the declared ones, when there is none.</summary>
    public Variant Variant(string name) => Variants.FirstOrDefault(v => v.Name == name)
        ?? throw new KeyNotFoundException($"Experiment '{Id}' declares no variant '{name}'; "
            + $"it declares {string.Join(", ", Variants.Select(v => v.Name))}.");

    /// <summary>The parameter by name; throws, naming the declared ones, when there is none.</summary>
    public Parameter Parameter(string name) => Parameters.FirstOrDefault(p => p.Name == name)
        ?? throw new KeyNotFoundException($"Experiment '{Id}' declares no parameter '{name}'.");

    /// <summary>
    /// Every declared parameter's canonical value, in declaration order: the given ones checked with their rule
    /// (<see cref="Experiments.Parameter.TryValidate"/>), the others at their defaults. A name the experiment does not
    /// declare, or a value its rule refuses, is an error keyed by the name as given (names match whatever their case).
    /// </summary>
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

    /// <summary>Every parameter at its declared default, in declaration order.</summary>
    [JsonIgnore]
    public IReadOnlyDictionary<string, string> DefaultValues => Parameters.ToDictionary(p => p.Name, p => p.Default);

    /// <summary>
    /// The request path of a variant with these parameter values: path parameters fill the route's {placeholders},
    /// query parameters follow in declaration order.
    /// </summary>
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

    /// <summary>Whether these parameter values ask for the load over TLS (a "tls"-role parameter set to "true").</summary>
    public bool UsesTls(IReadOnlyDictionary<string, string> values) =>
        Parameters.FirstOrDefault(p => p.Role == ParameterRole.Tls) is { } tls
            && values.TryGetValue(tls.Name, out var value) && value == "true";

    /// <summary>
    /// The most requests per second one closed-loop client can complete: 1000 ÷ the delay parameter's value, when the
    /// experiment has one (the report's ideal line); null otherwise.
    /// </summary>
    public double? IdealRpsPerClient(IReadOnlyDictionary<string, string> values) =>
        Parameters.FirstOrDefault(p => p.Role == ParameterRole.Delay) is { } delay
            && values.TryGetValue(delay.Name, out var raw)
            && double.TryParse(raw, NumberStyles.Float, CultureInfo.InvariantCulture, out var ms)
            && ms > 0
                ? 1000 / ms
                : null;
}

/// <summary>
/// One side of the pair. <c>Blocking</c> marks the side that holds a thread while it waits; <c>Holds</c> lists what it
/// holds per request or session beyond the CPU (which every variant uses and the run measures), for the laws' bounds.
/// A variant's own body, bodyFile, contentType and headers override the experiment's (the requests an app really takes).
/// </summary>
public sealed record Variant(
    string Name, bool Blocking, string Method, string Route, string Why, IReadOnlyList<Hold>? Holds = null,
    JsonElement? Body = null, string? BodyFile = null, string? ContentType = null, IReadOnlyDictionary<string, string>? Headers = null)
{
    /// <summary>Sent as the variant's body: its own, else the experiment's (a JSON value, or a file's name).</summary>
    public (JsonElement? Body, string? BodyFile) BodyIn(Experiment experiment) =>
        Body is not null || BodyFile is not null ? (Body, BodyFile) : (experiment.Body, experiment.BodyFile);

    /// <summary>The experiment's headers, then the variant's own over them.</summary>
    public IReadOnlyDictionary<string, string> HeadersIn(Experiment experiment) =>
        (experiment.Headers ?? new Dictionary<string, string>()).Concat(Headers ?? new Dictionary<string, string>())
            .GroupBy(h => h.Key, StringComparer.OrdinalIgnoreCase).ToDictionary(g => g.Key, g => g.Last().Value);
}

/// <summary>A route the experiment serves beside its variants (a listing, counters), not swept.</summary>
public sealed record AuxiliaryRoute(string Method, string Route, string What);

/// <summary>The SLA as declared, in the units people write: p95 in ms, errors in percent.</summary>
public sealed record DeclaredSla(double P95Ms, double MaxErrorPercent)
{
    public Sla ToSla() => new(P95Ms, MaxErrorPercent / 100);
}
