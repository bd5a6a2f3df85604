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

    /// <summary>Checks a value as a request or `--set` gives it; on success <paramref name="value"/> is its canonical text.</summary>
    public bool TryValidate(string? raw, [NotNullWhen(true)] out string? value, [NotNullWhen(false)] out string? error)
    {
        if (Type == ParameterType.WholeNumber)
        {
            var ok = TryParseInteger(raw, out var number, out error);
            value = ok ? number.ToString(CultureInfo.InvariantCulture) : null;
            return ok;
        }

        value = raw is null ? Default : Choices?.FirstOrDefault(c => c == raw);
        error = value is null ? $"'{Name}' must be one of {string.Join(", ", Choices ?? [])}; got '{Shown(raw)}'." : null;
        return value is not null;
    }

    /// <summary>An integer parameter's value; a missing one (null) is the default.</summary>
    public bool TryParseInteger(string? raw, out int value, [NotNullWhen(false)] out string? error)
    {
        error = null;
        if (raw is null)
        {
            value = int.Parse(Default, CultureInfo.InvariantCulture);
            return true;
        }

        if (int.TryParse(raw, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value) && value >= Min && value <= Max)
        {
            return true;
        }

        error = string.Create(CultureInfo.InvariantCulture, $"'{Name}' must be a whole number from {Min} to {Max}; got '{Shown(raw)}'.");
        return false;
    }

    private static string Shown(string? raw) => raw is { Length: > 32 } ? raw[..32] + "…" : raw ?? "";
}
