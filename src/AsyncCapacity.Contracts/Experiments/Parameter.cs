using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Experiments;

/// <summary>The app, k6 and the CLI check a value with it: one rule, one message, wherever it is checked.</summary>
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
    [JsonIgnore]
    public string Default => DefaultJson.ValueKind == JsonValueKind.String ? DefaultJson.GetString()! : DefaultJson.GetRawText();

    [JsonIgnore]
    public string Bounds => Type == ParameterType.WholeNumber
        ? string.Create(CultureInfo.InvariantCulture, $"{Min}..{Max}")
        : string.Join('|', Choices ?? []);

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

    public bool TryParseInteger(string? raw, out int value, [NotNullWhen(false)] out string? error)
    {
        // Declared bounds are ints (DeclarationRules refuses a declaration without them), so a value within them is one.
        var ok = UserInput.TryWholeNumber(Name, raw ?? Default, Min ?? int.MinValue, Max ?? int.MaxValue, out var number, out error);
        value = ok ? (int)number : 0;
        return ok;
    }
}

public enum ParameterLocation
{
    Query,
    Path,

    /// <summary>Read by the load generator only (a message size, ws or wss), never sent to the app.</summary>
    Client,
}

public enum ParameterRole
{
    None,
    Delay,
    Tls,
}

public enum ParameterType
{
    [JsonStringEnumMemberName("integer")]
    WholeNumber,
    Choice,
}
