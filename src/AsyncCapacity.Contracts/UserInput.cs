using System.Diagnostics.CodeAnalysis;
using System.Globalization;

namespace AsyncCapacity.Contracts;

/// <summary>The lab's one rule for a whole number and one for a choice, each with one message whoever asks.</summary>
public static class UserInput
{
    public const int ShownLength = 32;

    public static string Shown(string? raw) => raw is { Length: > ShownLength } ? raw[..ShownLength] + "…" : raw ?? "";

    /// <summary>Decimal digits with an optional sign ("+200" is 200); "1.5", "1e3", "0x10", " 5" and "" are not.</summary>
    public static bool TryWholeNumber(string name, string raw, long min, long max, out long value, [NotNullWhen(false)] out string? error)
    {
        if (long.TryParse(raw, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value) && value >= min && value <= max)
        {
            error = null;
            return true;
        }

        error = string.Create(CultureInfo.InvariantCulture, $"'{name}' must be a whole number from {min} to {max}; got '{Shown(raw)}'.");
        return false;
    }

    public static bool TryChoice(
        string name, string raw, IReadOnlyList<string> choices,
            [NotNullWhen(true)] out string? value, [NotNullWhen(false)] out string? error)
    {
        value = choices.FirstOrDefault(choice => choice == raw);
        error = value is null ? $"'{name}' must be one of {string.Join(", ", choices)}; got '{Shown(raw)}'." : null;
        return value is not null;
    }
}
