namespace Fabrikam.Shapes;

public sealed class Startup(IConfiguration configuration, IWebHostEnvironment environment)
{
    public void ConfigureServices(IServiceCollection services)
    {
        services.AddControllers();
        services.AddOpenApi();
        services.AddProblemDetails();
        // Relative to the content root, as most apps read their seed data: started from another folder, this fails.
        services.AddSingleton(Catalog.Load(Path.Combine(environment.ContentRootPath, configuration["CatalogFile"] ?? "catalog.json")));
        services.AddSingleton<Warehouse>();
    }

    public void Configure(IApplicationBuilder app)
    {
        app.UseRouting();
        app.UseEndpoints(endpoints =>
        {
            endpoints.MapGet("/healthz", () => "ok");
            endpoints.MapControllers();
            endpoints.MapOpenApi();
        });
    }
}
