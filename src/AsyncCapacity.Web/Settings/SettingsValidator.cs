using System.ComponentModel.DataAnnotations;
using System.Globalization;
using System.Reflection;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

/// <summary>The context carries the app's services, so a rule may depend on another options class.</summary>
internal sealed class SettingsValidator<T>(IConfigurationSection section, IServiceProvider services) : IValidateOptions<T>
    where T : class
{
    public ValidateOptionsResult Validate(string? name, T options)
    {
        var failures = new List<string>();
        var unconverted = new HashSet<string>(StringComparer.Ordinal);
        foreach (var given in SettingsBinder<T>.Given(section).Where(g => !g.Converts))
        {
            unconverted.Add(given.Property.Name);
            failures.Add(SettingLine.Of($"{section.Path}:{given.Property.Name}", Rule(given.Property), Quoted(given.Raw)));
        }

        var results = new List<ValidationResult>();
        try
        {
            Validator.TryValidateObject(
                options, new ValidationContext(options, services, items: null), results, validateAllProperties: true);
        }
        catch (OptionsValidationException other) when (other.OptionsType != typeof(T))
        {
            // A rule that reads another options class met that class's own failure, which it reports itself.
        }

        foreach (var result in results)
        {
            var member = result.MemberNames.FirstOrDefault();
            var property = member is null ? null : typeof(T).GetProperty(member);
            if (property is null)
            {
                failures.Add(result.ErrorMessage ?? $"{section.Path} is invalid");
            }
            else if (!unconverted.Contains(property.Name))
            {
                failures.Add(SettingLine.Of(
                    $"{section.Path}:{property.Name}", result.ErrorMessage ?? "is invalid", Shown(property.GetValue(options))));
            }
        }

        return failures.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }

    private static string Rule(PropertyInfo property)
    {
        var type = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
        return property.GetCustomAttribute<RangeAttribute>() is { } range ? range.FormatErrorMessage(property.Name)
            : type.IsEnum ? $"must be one of {string.Join(", ", Enum.GetNames(type))}"
            : type == typeof(bool) ? "must be true or false"
            : "must be a whole number";
    }

    private static string Shown(object? value) => value switch
    {
        null => "nothing",
        string text => Quoted(text),
        bool flag => flag ? "true" : "false",
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => Quoted(value.ToString() ?? ""),
    };

    private static string Quoted(string text) => $"'{text}'";
}
