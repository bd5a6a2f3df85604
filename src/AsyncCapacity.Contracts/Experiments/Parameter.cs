using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

public enum ParameterLocation
{
    Query,
    Path,

    /// <summary>Read by the load generator only (a message size, ws or wss), never sent to the app.</summary>
    Client,
}

public enum ParameterType
{
    /// <summary>A whole number between <c>Min</c> and <c>Max</c> (JSON "integer", as in JSON Schema).</summary>
    [JsonStringEnumMemberName("integer")]
    WholeNumber,

    /// <summary>One of <c>Choices</c>.</summary>
    Choice,
}

public enum ParameterRole
{
    None,

    /// <summary>Every request waits this many milliseconds: one client completes at most 1000 ÷ value per second.</summary>
    Delay,

    /// <summary>"true" sends the load over TLS, to a listener the app opens with a certificate it makes at start.</summary>
    Tls,
}

/// <summary>
/// A parameter of the pair with its bounds and default, as declared. The app validates requests with it, k6 sends it,
/// the CLI checks `--set` with it: one rule, one message ("'ms' must be a whole number from 0 to 10000; got 'abc'.").
/// </summary>
public sealed record Parameter(
    string Name,
    ParameterLocation In,
    ParameterType Type,
    [property: JsonPropertyName("default")] JsonElement DefaultJson,
    string Description,
    int? Min = null,
    int? Max = null,
    IReadOnlyList<string>? Choices = null,
    ParameterRole Role = ParameterRole.None)
{
    /// <summary>The default as the text a request would carry.</summary>
    [JsonIgnore]
    public string Default => DefaultJson.ValueKind == JsonValueKind.String ? DefaultJson.GetString()! : DefaultJson.GetRawText();

    /// <summary>"0..10000" or "small.html|medium.json|large.bin".</summary>
    [JsonIgnore]
    public string Bounds => Type == ParameterType.WholeNumber
        ? string.Create(CultureInfo.InvariantCulture, $"{Min}..{Max}")
        : string.Join('|', Choices ?? []);

    /// <summary>
    /// Checks a value as a request, `--set` or k6's SET gives it, with <see cref="UserInput"/>'s rule for its type; a
    /// missing one (null) is the default. On success <paramref name="value"/> is its canonical text ("+200" gives "200").
    /// </summary>
    public bool TryValidate(string? raw, [NotNullWhen(true)] out string? value, [NotNullWhen(false)] out string? error)
    {
        if (Type == ParameterType.WholeNumber)
        {
            var ok = TryParseInteger(raw, out var number, out error);
            value = ok ? number.ToString(CultureInfo.InvariantCulture) : null;
            return ok;
        }

        return UserInput.TryChoice(Name, raw ?? Default, Choices ?? [], out value, out error);
    }

    /// <summary>An integer parameter's value; a missing one (null) is the default.</summary>
    public bool TryParseInteger(string? raw, out int value, [NotNullWhen(false)] out string? error)
    {
        // Declared bounds are ints (DeclarationRules refuses a declaration without them), so a value within them is one.
        var ok = UserInput.TryWholeNumber(Name, raw ?? Default, Min ?? int.MinValue, Max ?? int.MaxValue, out var number, out error);
        value = ok ? (int)number : 0;
        return ok;
    }
}
