using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

public static class SettingsExtensions
{
    /// <summary>The one way the app reads an options class, so that every bad value reads the same.</summary>
    public static OptionsBuilder<T> AddValidatedSettings<T>(this WebApplicationBuilder builder, string sectionName)
        where T : class
    {
        var section = builder.Configuration.GetSection(sectionName);
        builder.Services.AddSingleton<IConfigureOptions<T>>(new SettingsBinder<T>(section));
        builder.Services.AddSingleton<IValidateOptions<T>>(services => new SettingsValidator<T>(section, services));
        return builder.Services.AddOptions<T>().ValidateOnStart();
    }
}
