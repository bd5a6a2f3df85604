using System.Diagnostics;
using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Web;
using Npgsql;

namespace AsyncCapacity.Tests.Database;

[Collection(PostgresGroup.Name)]
public sealed class PostgresDbTests(PostgresFixture postgres)
{
    [Fact]
    public async Task Both_variants_answer_the_same_row_after_the_database_waited()
    {
        // Act
        using var sync = await postgres.Client.GetAsync(new Uri("/db/sync?ms=150", UriKind.Relative));
        using var async = await postgres.Client.GetAsync(new Uri("/db/async?ms=150", UriKind.Relative));
        var syncBody = await sync.Content.ReadAsStringAsync();

        // Assert
        Assert.Equal(HttpStatusCode.OK, sync.StatusCode);
        Assert.Equal(HttpStatusCode.OK, async.StatusCode);
        Assert.Equal("{\"delayMs\":150,\"rowId\":1,\"payload\":\"served by the database\"}", syncBody);
        Assert.Equal(syncBody, await async.Content.ReadAsStringAsync());
        Assert.Equal(sync.Content.Headers.ContentType, async.Content.Headers.ContentType);
        Assert.InRange(RouteTests.ServerTimingMs(sync), 145, 10_000);
        Assert.InRange(RouteTests.ServerTimingMs(async), 145, 10_000);
    }

    [Fact]
    public async Task The_probe_table_was_created_at_start()
    {
        // Act
        await using var connection = new NpgsqlConnection(postgres.ConnectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand("SELECT payload FROM db_probe WHERE id = 1", connection);
        var payload = await command.ExecuteScalarAsync();

        // Assert
        Assert.Equal("served by the database", payload);
    }

    [Theory]
    [InlineData("sync", "abc")]
    [InlineData("async", "abc")]
    [InlineData("sync", "-1")]
    [InlineData("async", "10001")]
    [InlineData("sync", "")]
    [InlineData("async", "99999999999")]
    public async Task Bad_input_answers_400_ProblemDetails_before_touching_the_database(string variant, string ms)
    {
        // Act
        using var response = await postgres.Client.GetAsync(new Uri($"/db/{variant}?ms={ms}", UriKind.Relative));
        var body = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("'ms' must be a whole number from 0 to 10000", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_client_that_leaves_cancels_the_async_query_in_the_database()
    {
        // Arrange: a 10 s query (the longest allowed), visible in pg_stat_activity
        var query = TimeSpan.FromSeconds(10);
        var clock = Stopwatch.StartNew();
        using var leaving = new CancellationTokenSource();
        var request = postgres.Client.GetAsync(new Uri("/db/async?ms=10000", UriKind.Relative), leaving.Token);
        await WaitFor.ConditionAsync("the query to start", SessionsAsync, s => s.Sleeping == 1, s => s.Activity);

        // Act
        await leaving.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => request);

        // Assert: the database stops waiting before the 10 s are up (the query began after the clock started)
        await WaitFor.ConditionAsync("the query to be cancelled", SessionsAsync, s => s.Sleeping == 0,
            s => s.Activity, query - clock.Elapsed);
        Assert.True(clock.Elapsed < query,
            $"the query ended only after {clock.Elapsed.TotalSeconds:0.0} s, as if it had not been cancelled");
    }

    [Theory]
    [InlineData("sync")]
    [InlineData("async")]
    public async Task An_exhausted_pool_answers_503_with_the_reason_within_the_timeout(string variant)
    {
        // Arrange: one connection, a 1 s wait for it, and a request that holds it for 4 s
        await using var app = await postgres.StartAppAsync(new Dictionary<string, string?>
        {
            ["Database:MaxPoolSize"] = "1",
            ["Database:TimeoutSeconds"] = "1",
        });
        using var client = new HttpClient { BaseAddress = AppHostFixture.Address(app), Timeout = TimeSpan.FromSeconds(30) };
        var holder = client.GetAsync(new Uri($"/db/{variant}?ms=4000", UriKind.Relative));
        await WaitFor.ConditionAsync("the holder to take the pool's only connection", () => DbInUseAsync(client), inUse => inUse >= 1,
            inUse => $"{inUse} connections in use");

        // Act
        var clock = Stopwatch.StartNew();
        using var refused = await client.GetAsync(new Uri($"/db/{variant}?ms=0", UriKind.Relative));
        var waited = clock.Elapsed;
        using var problem = JsonDocument.Parse(await refused.Content.ReadAsStringAsync());

        // Assert: refused after waiting for the pool's 1 s, and within it: a wait past the holder's release would have
        // got the connection and answered 200
        Assert.Equal(HttpStatusCode.ServiceUnavailable, refused.StatusCode);
        Assert.Equal("application/problem+json", refused.Content.Headers.ContentType?.MediaType);
        Assert.Equal("Database unavailable", problem.RootElement.GetProperty("title").GetString());
        Assert.Contains("pool", problem.RootElement.GetProperty("detail").GetString(), StringComparison.OrdinalIgnoreCase);
        Assert.True(waited.TotalSeconds >= 0.8, $"refused after {waited.TotalSeconds:0.00} s: before the pool's 1 s wait was up");
        using var held = await holder;
        Assert.Equal(HttpStatusCode.OK, held.StatusCode);
    }

    [Fact]
    public async Task Diagnostics_show_the_database_and_its_pool_at_work()
    {
        // Arrange: a query that holds a connection until the 10 Hz sampler has seen it, then leaves
        var before = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        using var leaving = new CancellationTokenSource();
        var held = postgres.Client.GetAsync(new Uri("/db/async?ms=10000", UriKind.Relative), leaving.Token);

        // Act
        var runtime = await WaitFor.ConditionAsync("a sample with the held query's connection in use",
            () => postgres.Client.GetFromJsonAsync<JsonElement>(new Uri($"/diag/runtime?from={before}", UriKind.Relative)),
            r => r.GetProperty("timeline").EnumerateArray().Any(
                s => s.GetProperty("gauges").GetProperty(GaugeKeys.DbInUse).GetDouble() >= 1),
            r => $"{r.GetProperty("timeline").GetArrayLength()} samples since the query was sent, none with a connection in use");
        await leaving.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => held);

        // Assert
        var database = runtime.GetProperty("database");
        Assert.Equal("PostgreSQL", database.GetProperty("provider").GetString());
        Assert.Equal(20, database.GetProperty("maxPoolSize").GetInt32());
        var samples = runtime.GetProperty("timeline").EnumerateArray().ToList();
        var gauges = samples.Select(s => s.GetProperty("gauges")).ToList();
        Assert.Contains(gauges, g => g.GetProperty(GaugeKeys.DbInUse).GetDouble() >= 1);
        Assert.All(gauges, g => Assert.Equal(20, g.GetProperty(GaugeKeys.DbPoolSize).GetDouble()));
        Assert.True(gauges[^1].GetProperty(GaugeKeys.DbOpens).GetDouble() >= 1, "the held query's open is counted");
        Assert.True(gauges[^1].GetProperty(GaugeKeys.DbOpenMsTotal).GetDouble() > 0, "and the time it took");
    }

    /// <summary>The queries sleeping in the database now, and what every other client session is doing (for a failure message).</summary>
    private async Task<(long Sleeping, string Activity)> SessionsAsync()
    {
        await using var connection = new NpgsqlConnection(postgres.ConnectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand(
            "SELECT count(*) FILTER (WHERE state = 'active' AND query LIKE '%pg_sleep(%'), "
                + "coalesce(string_agg(state || ': ' || query, ' | '), '') "
            + "FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()", connection);
        await using var reader = await command.ExecuteReaderAsync();
        await reader.ReadAsync();
        return (reader.GetInt64(0), reader.GetString(1));
    }

    /// <summary>The app's pooled connections in use now, from its own gauge (either provider).</summary>
    internal static async Task<double> DbInUseAsync(HttpClient client)
    {
        var runtime = await client.GetFromJsonAsync<RuntimeReport>(new Uri("/diag/runtime", UriKind.Relative), WireJson.Options);
        return runtime!.Now.Gauge(GaugeKeys.DbInUse) ?? 0;
    }
}
