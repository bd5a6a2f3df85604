using AsyncCapacity.Web.Database;
using AsyncCapacity.Web.Gauges;
using AsyncCapacity.Web.Settings;

namespace AsyncCapacity.Web.Audit;

public static class AuditExtensions
{
    public static WebApplicationBuilder AddAuditLogs(this WebApplicationBuilder builder)
    {
        builder.AddValidatedSettings<AuditOptions>(AuditOptions.SectionName);

        builder.Services.AddSingleton<BoundedAuditLog>();
        builder.Services.AddSingleton<AsyncAuditLog>();
        builder.Services.AddSingleton<IAuditLog>(services => services.GetRequiredService<BoundedAuditLog>());
        builder.Services.AddSingleton<IAuditLog>(services => services.GetRequiredService<AsyncAuditLog>());
        builder.Services.AddSingleton<IGaugeSource, AuditGauge>();
        builder.Services.AddSingleton(new DatabaseTable(AuditCommands.CreateSchema));

        // Stopped before the server (hosted services stop in reverse order): new entries get 503 while every accepted
        // one is committed and answered; the server then finishes those requests and exits.
        builder.Services.AddHostedService(services => services.GetRequiredService<BoundedAuditLog>());
        builder.Services.AddHostedService(services => services.GetRequiredService<AsyncAuditLog>());
        return builder;
    }
}
