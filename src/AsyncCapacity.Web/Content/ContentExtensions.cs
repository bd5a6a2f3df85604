namespace AsyncCapacity.Web.Content;

public static class ContentExtensions
{
    /// <summary>The content experiment's catalogue: generated into Content:Directory and loaded into memory at start.</summary>
    public static WebApplicationBuilder AddContentCatalog(this WebApplicationBuilder builder)
    {
        builder.Services.AddOptions<ContentOptions>()
            .Bind(builder.Configuration.GetSection(ContentOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();

        builder.Services.AddSingleton<ContentCatalog>();
        builder.Services.AddHostedService(services => services.GetRequiredService<ContentCatalog>());
        return builder;
    }
}
