using System.Reflection;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

/// <summary>
/// The framework's binder stops at the first value that does not convert, with a stack trace; here it keeps its default
/// and <see cref="SettingsValidator{T}"/> reports every one.
/// </summary>
internal sealed class SettingsBinder<T>(IConfigurationSection section) : IConfigureOptions<T>
    where T : class
{
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

internal sealed record GivenSetting(PropertyInfo Property, string Raw, bool Converts, object? Value);
