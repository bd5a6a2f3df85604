using AsyncCapacity.Web;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// The app as it runs in production (same AddAsyncCapacity/MapAsyncCapacity as Program.cs) on real Kestrel,
/// bound to a free loopback port, with settings given in memory. Shared by every test in the "App" collection.
/// </summary>
public sealed class AppHostFixture : IAsyncLifetime
{
    private WebApplication? _app;

    public Uri BaseAddress { get; private set; } = null!;

    public HttpClient Client { get; private set; } = null!;

    /// <summary>The running app's services, e.g. its EndpointDataSource.</summary>
    public IServiceProvider Services => _app!.Services;

    /// <summary>Settings on top of appsettings.json; the sampler runs at 10 Hz so timeline tests need not wait seconds.</summary>
    public static Dictionary<string, string?> DefaultSettings() => new()
    {
        ["Diagnostics:SampleIntervalMs"] = "100",
    };

    public async Task InitializeAsync()
    {
        _app = Build(DefaultSettings());
        await _app.StartAsync();
        BaseAddress = Address(_app);
        Client = new HttpClient { BaseAddress = BaseAddress };
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }

    /// <param name="urls">Where to listen; several separated by ';' (an https:// one gets the app's self-signed certificate).</param>
    public static WebApplication Build(IReadOnlyDictionary<string, string?> settings, string urls = "http://127.0.0.1:0")
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            EnvironmentName = Environments.Production,
            ContentRootPath = AppContext.BaseDirectory,
            ApplicationName = typeof(AsyncCapacityApp).Assembly.GetName().Name,
        });
        builder.WebHost.UseUrls(urls.Split(';'));
        builder.Configuration.AddInMemoryCollection(settings);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.AddAsyncCapacity();
        var app = builder.Build();
        app.MapAsyncCapacity();
        return app;
    }

    public static Uri Address(WebApplication app) => Addresses(app)[0];

    public static IReadOnlyList<Uri> Addresses(WebApplication app) =>
        [.. app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Select(a => new Uri(a))];
}

[CollectionDefinition(Name)]
public sealed class AppHostGroup : ICollectionFixture<AppHostFixture>
{
    public const string Name = "App";
}
