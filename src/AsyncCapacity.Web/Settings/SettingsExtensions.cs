using AsyncCapacity.Web.Hosting;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Settings;

public static class SettingsExtensions
{
    /// <summary>
    /// The one way the app reads an options class: bound from its configuration section, validated at start with its
    /// data annotations (attributes and <see cref="System.ComponentModel.DataAnnotations.IValidatableObject"/>). A value
    /// that does not convert, or breaks a rule, is one failure naming the setting, its rule and the value it got:
    /// "Audit:BoundedWriters (environment Audit__BoundedWriters) must be between 1 and 64; got 0."
    /// </summary>
    public static OptionsBuilder<T> AddValidatedSettings<T>(this WebApplicationBuilder builder, string sectionName)
        where T : class
    {
        var section = builder.Configuration.GetSection(sectionName);
        builder.Services.AddSingleton<IConfigureOptions<T>>(new SettingsBinder<T>(section));
        builder.Services.AddSingleton<IValidateOptions<T>>(services => new SettingsValidator<T>(section, services));
        return builder.Services.AddOptions<T>().ValidateOnStart();
    }

    /// <summary>
    /// Checks every setting, all options classes at once, then applies the thread pool's minimum: before anything is
    /// mapped or listens, so that a bad setting stops the app here (Program reports it, <see cref="BadSettings"/>),
    /// rather than inside the host's start, which would log it with a stack trace first.
    /// </summary>
    public static WebApplication ApplySettings(this WebApplication app)
    {
        app.Services.GetService<IStartupValidator>()?.Validate();
        app.Services.GetRequiredService<ThreadPoolConfigurator>().Apply();
        return app;
    }
}
