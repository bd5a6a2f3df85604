using System.Net;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Database;

public sealed class SqlServerDbTests
{
    [SqlServerFact]
    public async Task Both_variants_answer_the_same_row_after_SQL_Server_waited()
    {
        // Arrange
        await using var app = await StartAsync(new Dictionary<string, string?>());
        using var client = new HttpClient { BaseAddress = AppHostFixture.Address(app) };

        // Act
        using var sync = await client.GetAsync(new Uri("/db/sync?ms=150", UriKind.Relative));
        using var async = await client.GetAsync(new Uri("/db/async?ms=150", UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.OK, sync.StatusCode);
        Assert.Equal("{\"delayMs\":150,\"rowId\":1,\"payload\":\"served by the database\"}", await sync.Content.ReadAsStringAsync());
        Assert.Equal(await sync.Content.ReadAsStringAsync(), await async.Content.ReadAsStringAsync());
        Assert.InRange(Web.RouteTests.ServerTimingMs(async), 145, 10_000);
    }

    [SqlServerFact]
    public async Task An_exhausted_SQL_Server_pool_answers_503_with_the_reason()
    {
        // Arrange
        await using var app = await StartAsync(new Dictionary<string, string?>
        {
            ["Database:MaxPoolSize"] = "1",
            ["Database:TimeoutSeconds"] = "1",
        });
        using var client = new HttpClient { BaseAddress = AppHostFixture.Address(app), Timeout = TimeSpan.FromSeconds(30) };
        var holder = client.GetAsync(new Uri("/db/async?ms=4000", UriKind.Relative));
        await WaitFor.ConditionAsync("the holder to take the pool's only connection",
            () => PostgresDbTests.DbInUseAsync(client), inUse => inUse >= 1,
            inUse => $"{inUse} connections in use");

        // Act
        using var refused = await client.GetAsync(new Uri("/db/async?ms=0", UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.ServiceUnavailable, refused.StatusCode);
        Assert.Contains("pool", await refused.Content.ReadAsStringAsync(), StringComparison.OrdinalIgnoreCase);
        using var held = await holder;
        Assert.Equal(HttpStatusCode.OK, held.StatusCode);
    }

    private static async Task<Microsoft.AspNetCore.Builder.WebApplication> StartAsync(IReadOnlyDictionary<string, string?> overrides)
    {
        var settings = AppHostFixture.DefaultSettings();
        settings["Database:Provider"] = "SqlServer";
        settings["Database:ConnectionString"] = Environment.GetEnvironmentVariable(SqlServerFactAttribute.Variable);
        foreach (var (key, value) in overrides)
        {
            settings[key] = value;
        }

        var app = AppHostFixture.Build(settings);
        await app.StartAsync();
        return app;
    }
}
