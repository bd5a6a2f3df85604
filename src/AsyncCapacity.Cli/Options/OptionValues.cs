using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;

namespace AsyncCapacity.Cli.Options;

/// <summary>What the option groups share: reading a value inside a rule, and the refusals every group words the same way.</summary>
internal static class OptionValues
{
    /// <summary>An option's value for the rules that span options; an option that failed its own parse already has its error.</summary>
    public static T? Valid<T>(CommandResult result, Option<T> option)
    {
        try
        {
            return result.GetValue(option);
        }
        catch (InvalidOperationException)
        {
            return default;
        }
    }

    public static bool IsOn(string? value) => value is null or "on";

    public static Option<string> OnOff(string name, string description)
    {
        var option = new Option<string>(name) { Description = description, DefaultValueFactory = _ => "on" };
        option.AcceptOnlyFromAmong("on", "off");
        return option;
    }

    public static (double Value, string? Error) Number(string raw, Func<double, bool> valid) =>
        double.TryParse(raw, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) && valid(value)
            ? (value, null)
            : (0, "out of range or not a number");

    public static void RequireRange(OptionResult result, string name, int min, int max)
    {
        // A value that is not a whole number is the parser's own error; only a parsed one is checked here.
        if (result.Tokens.Count > 0
            && int.TryParse(result.Tokens[^1].Value, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value)
            && (value < min || value > max))
        {
            result.AddError($"{name} must be between {min} and {max}; got {value}.");
        }
    }

    public static T Error<T>(ArgumentResult result, string message)
    {
        result.AddError(message);
        return default!;
    }
}
