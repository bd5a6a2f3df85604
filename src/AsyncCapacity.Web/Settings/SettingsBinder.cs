using System.Reflection;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

/// <summary>
/// Property by property, as the framework's binder stops at the first value that does not convert with a stack trace;
/// here such a value keeps its default, and <see cref="SettingsValidator{T}"/> reports every one of them.
/// </summary>
internal sealed class SettingsBinder<T>(IConfigurationSection section) : IConfigureOptions<T>
    where T : class
{
    /// <summary>The properties configuration may set: public, with a public setter.</summary>
    public static IReadOnlyList<PropertyInfo> Properties { get; } =
        [.. typeof(T).GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.SetMethod?.IsPublic == true)];

    public void Configure(T options)
    {
        foreach (var given in Given(section))
        {
            if (given.Converts)
            {
                given.Property.SetValue(options, given.Value);
            }
        }
    }

    /// <summary>Every property the section gives a value for, with that value's text and whether it converts.</summary>
    public static IEnumerable<GivenSetting> Given(IConfigurationSection section)
    {
        foreach (var property in Properties)
        {
            var key = section.GetSection(property.Name);
            if (key.Value is not { } raw)
            {
                continue;
            }

            yield return Convert(property, key, raw);
        }
    }

    // The framework's conversion of one value (its type converter), without its exception.
    private static GivenSetting Convert(PropertyInfo property, IConfigurationSection key, string raw)
    {
        try
        {
            return new GivenSetting(property, raw, Converts: true, key.Get(property.PropertyType));
        }
        catch (InvalidOperationException)
        {
            return new GivenSetting(property, raw, Converts: false, Value: null);
        }
    }
}

/// <summary>A value configuration gives a property: its text and, when it converts to the property's type, the value.</summary>
internal sealed record GivenSetting(PropertyInfo Property, string Raw, bool Converts, object? Value);
