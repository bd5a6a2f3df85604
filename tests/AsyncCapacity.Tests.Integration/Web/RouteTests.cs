using System.Diagnostics;
using System.Net;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

[Collection(AppHostGroup.Name)]
public sealed class RouteTests(AppHostFixture app)
{
    public static TheoryData<string, string, string> Routes => new()
    {
        { "/healthz", "text/plain", "Healthy" },
        { "/hello", "application/json", "\"message\":\"Hello from AsyncCapacity\"" },
        { "/sleep/sync?ms=20", "application/json", "{\"delayMs\":20}" },
        { "/sleep/async?ms=20", "application/json", "{\"delayMs\":20}" },
        { "/sleep/sync?ms=0", "application/json", "{\"delayMs\":0}" },
        { "/sleep/async?ms=0", "application/json", "{\"delayMs\":0}" },
        { "/diag/runtime", "application/json", "\"processorCount\":" },
        { "/diag/parameters/sleep", "application/json", "{\"experiment\":\"sleep\",\"parameters\":{\"ms\":\"500\"}}" },
    };

    [Theory]
    [MemberData(nameof(Routes))]
    public async Task Every_route_answers_200_with_its_content_and_Server_Timing(string route, string contentType, string bodyFragment)
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri(route, UriKind.Relative));
        var body = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(contentType, response.Content.Headers.ContentType?.MediaType);
        Assert.Contains(bodyFragment, body, StringComparison.Ordinal);
        AssertServerTiming(response);
    }

    [Fact]
    public async Task Both_sleep_variants_answer_identically_and_wait_as_asked()
    {
        // Act
        var clock = Stopwatch.StartNew();
        using var sync = await app.Client.GetAsync(new Uri("/sleep/sync?ms=200", UriKind.Relative));
        var syncElapsed = clock.Elapsed.TotalMilliseconds;
        clock.Restart();
        using var async = await app.Client.GetAsync(new Uri("/sleep/async?ms=200", UriKind.Relative));
        var asyncElapsed = clock.Elapsed.TotalMilliseconds;

        // Assert: each waited at least as asked, inside the app (Server-Timing) and so for the client, whose wait
        // holds the app's; a busy machine only makes both longer
        Assert.Equal(await sync.Content.ReadAsStringAsync(), await async.Content.ReadAsStringAsync());
        Assert.Equal(sync.Content.Headers.ContentType, async.Content.Headers.ContentType);
        Assert.InRange(ServerTimingMs(sync), 195, syncElapsed);
        Assert.InRange(ServerTimingMs(async), 195, asyncElapsed);
    }

    [Fact]
    public async Task Sleep_defaults_to_500_ms_without_a_parameter()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/sleep/async", UriKind.Relative));

        // Assert
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(500, body.RootElement.GetProperty("delayMs").GetInt32());
        Assert.InRange(ServerTimingMs(response), 495, 10_000);
    }

    [Fact]
    public async Task Unknown_routes_answer_404_ProblemDetails_with_Server_Timing()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/sleep/maybe", UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        AssertServerTiming(response);
    }

    /// <summary>Time inside the pipeline is never zero (routing alone takes microseconds) and never a minute.</summary>
    internal static void AssertServerTiming(HttpResponseMessage response) => Assert.InRange(ServerTimingMs(response), 0.0005, 60_000);

    internal static double ServerTimingMs(HttpResponseMessage response)
    {
        Assert.True(response.Headers.TryGetValues("Server-Timing", out var values), "Server-Timing header missing");
        var value = Assert.Single(values);
        Assert.StartsWith("app;dur=", value, StringComparison.Ordinal);
        return double.Parse(value["app;dur=".Length..], System.Globalization.CultureInfo.InvariantCulture);
    }
}
