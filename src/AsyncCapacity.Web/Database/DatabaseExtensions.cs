using AsyncCapacity.Web.Gauges;
using AsyncCapacity.Web.Settings;

namespace AsyncCapacity.Web.Database;

public static class DatabaseExtensions
{
    public static WebApplicationBuilder AddLabDatabase(this WebApplicationBuilder builder)
    {
        builder.AddValidatedSettings<DatabaseOptions>(DatabaseOptions.SectionName);

        builder.Services.AddSingleton<DbPoolGauge>();
        builder.Services.AddSingleton<IGaugeSource>(services => services.GetRequiredService<DbPoolGauge>());
        builder.Services.AddSingleton<LabDatabase>();
        builder.Services.AddSingleton(new DatabaseTable(ProbeCommands.CreateSchema));
        builder.Services.AddHostedService<DatabaseSchema>();
        return builder;
    }
}
