using System.Net;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Database;

[Collection(AppHostGroup.Name)]
public sealed class NoDatabaseTests(AppHostFixture app)
{
    [Theory]
    [InlineData("/db/sync")]
    [InlineData("/db/async?ms=10")]
    public async Task Without_a_database_the_db_pair_answers_503_naming_the_settings_to_give(string route)
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri(route, UriKind.Relative));
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.ServiceUnavailable, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        var detail = problem.RootElement.GetProperty("detail").GetString();
        Assert.Contains("Database__Provider", detail, StringComparison.Ordinal);
        Assert.Contains("Database__ConnectionString", detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Without_a_database_the_app_stays_healthy_and_reports_no_database()
    {
        // Act
        using var health = await app.Client.GetAsync(new Uri("/healthz", UriKind.Relative));
        using var runtime = JsonDocument.Parse(await app.Client.GetStringAsync(new Uri("/diag/runtime", UriKind.Relative)));

        // Assert
        Assert.Equal(HttpStatusCode.OK, health.StatusCode);
        Assert.Equal(JsonValueKind.Null, runtime.RootElement.GetProperty("database").ValueKind);
    }
}
