using AsyncCapacity.Cli.Targets;
using Microsoft.AspNetCore.Builder;

namespace AsyncCapacity.Tests.Infrastructure;

/// <summary>
/// A real, private PostgreSQL (the same throwaway cluster `capacity sweep` starts) and the app on real Kestrel
/// configured to use it. Shared by the "PostgreSQL" collection; removed, data and all, at the end.
/// </summary>
public sealed class PostgresFixture : IAsyncLifetime
{
    private readonly string _logs = Directory.CreateTempSubdirectory("capacity-pg-test-").FullName;
    private PrivatePostgres? _postgres;
    private WebApplication? _app;

    public string ConnectionString => _postgres!.ConnectionString;

    public HttpClient Client { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        Assert.True(PrivatePostgres.Unavailable() is null, $"PostgreSQL is needed: {PrivatePostgres.Unavailable()} (.ci/run installs it).");
        _postgres = await PrivatePostgres.StartAsync(_logs, maxConnections: 100, CancellationToken.None);
        _app = await StartAppAsync(new Dictionary<string, string?> { ["Database:MaxPoolSize"] = "20" });
        Client = new HttpClient { BaseAddress = AppHostFixture.Address(_app), Timeout = TimeSpan.FromSeconds(60) };
    }

    /// <summary>Another app on the same database, with its own settings (a tiny pool, short timeouts...).</summary>
    public async Task<WebApplication> StartAppAsync(IReadOnlyDictionary<string, string?> overrides)
    {
        var settings = AppHostFixture.DefaultSettings();
        settings["Database:Provider"] = "PostgreSQL";
        settings["Database:ConnectionString"] = ConnectionString;
        foreach (var (key, value) in overrides)
        {
            settings[key] = value;
        }

        var app = AppHostFixture.Build(settings);
        await app.StartAsync();
        return app;
    }

    public async Task DisposeAsync()
    {
        Client?.Dispose();
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }

        if (_postgres is not null)
        {
            await _postgres.DisposeAsync();
        }

        Directory.Delete(_logs, recursive: true);
    }
}

[CollectionDefinition(Name)]
public sealed class PostgresGroup : ICollectionFixture<PostgresFixture>
{
    public const string Name = "PostgreSQL";
}
