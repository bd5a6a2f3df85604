using AsyncCapacity.Web.Settings;

namespace AsyncCapacity.Web.Content;

public static class ContentExtensions
{
    public static WebApplicationBuilder AddContentCatalog(this WebApplicationBuilder builder)
    {
        builder.AddValidatedSettings<ContentOptions>(ContentOptions.SectionName);

        builder.Services.AddSingleton<ContentCatalog>();
        builder.Services.AddHostedService(services => services.GetRequiredService<ContentCatalog>());
        return builder;
    }
}
