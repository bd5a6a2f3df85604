using System.Net;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

/// <summary>GET /diag/parameters/{experiment}: the declared rules,
/// asked over HTTP by a load generator that does not share the app's code.</summary>
[Collection(AppHostGroup.Name)]
public sealed class ParameterCheckTests(AppHostFixture app)
{
    [Theory]
    [InlineData("/diag/parameters/sleep?ms=%2B200", """{"experiment":"sleep","parameters":{"ms":"200"}}""")]
    [InlineData("/diag/parameters/sleep", """{"experiment":"sleep","parameters":{"ms":"500"}}""")]
    [InlineData("/diag/parameters/content?name=large.bin", """{"experiment":"content","parameters":{"name":"large.bin"}}""")]
    [InlineData("/diag/parameters/websocket?size=1024", """{"experiment":"websocket","parameters":{"size":"1024","tls":"false"}}""")]
    [InlineData("/diag/parameters/websocket?TLS=true", """{"experiment":"websocket","parameters":{"size":"275","tls":"true"}}""")]
    [InlineData("/diag/parameters/audit", """{"experiment":"audit","parameters":{}}""")]
    public async Task Accepted_values_come_back_canonical_with_every_other_parameter_at_its_default(string route, string expected)
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri(route, UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(expected, await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("sleep?ms=abc", "ms", "'ms' must be a whole number from 0 to 10000; got 'abc'.")]
    [InlineData("sleep?ms=", "ms", "'ms' must be a whole number from 0 to 10000; got ''.")]
    [InlineData("content?name=x.bin", "name", "'name' must be one of small.html, medium.json, large.bin; got 'x.bin'.")]
    [InlineData("websocket?size=15", "size", "'size' must be a whole number from 16 to 65536; got '15'.")]
    [InlineData("websocket?tls=yes", "tls", "'tls' must be one of false, true; got 'yes'.")]
    [InlineData("sleep?delay=3", "delay", "sleep declares no parameter 'delay'; it declares ms.")]
    [InlineData("audit?writers=5", "writers", "audit declares no parameter 'writers'; it declares none.")]
    public async Task A_refused_name_or_value_answers_400_with_the_rules_message(string query, string name, string message)
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/diag/parameters/" + query, UriKind.Relative));
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("Invalid query parameter", problem.RootElement.GetProperty("title").GetString());
        Assert.Equal(message, problem.RootElement.GetProperty("detail").GetString());
        Assert.Equal(message, Assert.Single(problem.RootElement.GetProperty("errors").GetProperty(name).EnumerateArray()).GetString());
    }

    [Fact]
    public async Task Every_refused_value_is_named_at_once()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/diag/parameters/websocket?size=1&tls=maybe", UriKind.Relative));
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal(["size", "tls"], problem.RootElement.GetProperty("errors").EnumerateObject().Select(p => p.Name));
        Assert.Equal(
            "'size' must be a whole number from 16 to 65536; got '1'. 'tls' must be one of false, true; got 'maybe'.",
            problem.RootElement.GetProperty("detail").GetString());
    }

    [Fact]
    public async Task An_undeclared_experiment_answers_404_naming_the_declared_ones()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/diag/parameters/nosuch?ms=1", UriKind.Relative));
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(
            $"No experiment 'nosuch' is declared; experiments/*.json declare {string.Join(", ", ExperimentCatalog.All.Select(e => e.Id))}.",
            problem.RootElement.GetProperty("detail").GetString());
    }
}
