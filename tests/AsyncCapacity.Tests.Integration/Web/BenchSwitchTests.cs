using System.Net;
using System.Net.WebSockets;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Web.Hosting;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace AsyncCapacity.Tests.Web;

/// <summary>bench/pipeline.sh tables what each piece costs by leaving it out (Bench:Without): each must be gone when named,
/// or the bench would measure nothing and call it free.</summary>
public sealed class BenchSwitchTests
{
    [Fact]
    public async Task Without_timing_responses_carry_no_Server_Timing()
    {
        // Act
        await using var app = await StartAsync(BenchOptions.Timing);
        using var client = Client(app);
        using var response = await client.GetAsync(new Uri("/hello", UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.False(response.Headers.Contains("Server-Timing"));
    }

    [Fact]
    public async Task Without_status_pages_an_unknown_route_answers_404_with_no_body()
    {
        // Act
        await using var app = await StartAsync(BenchOptions.StatusPages);
        using var client = Client(app);
        using var response = await client.GetAsync(new Uri("/no/such/route", UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Empty(await response.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task Without_experiments_only_hello_and_the_apps_own_routes_answer()
    {
        // Act
        await using var app = await StartAsync(BenchOptions.Experiments);
        using var client = Client(app);
        using var hello = await client.GetAsync(new Uri("/hello", UriKind.Relative));
        using var sleep = await client.GetAsync(new Uri("/sleep/async?ms=0", UriKind.Relative));

        // Assert
        Assert.Equal(HttpStatusCode.OK, hello.StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, sleep.StatusCode);
    }

    [Fact]
    public async Task Without_websockets_an_upgrade_is_refused()
    {
        // Arrange
        await using var app = await StartAsync(BenchOptions.WebSockets);
        using var client = new ClientWebSocket();

        // Act
        var error = await Assert.ThrowsAsync<WebSocketException>(() =>
            client.ConnectAsync(new Uri($"ws://{AppHostFixture.Address(app).Authority}/websocket/async"), CancellationToken.None));

        // Assert: the endpoint sees a plain request and answers 400
        Assert.Contains("400", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Without_runtime_readers_neither_the_sampler_nor_the_lab_meter_starts()
    {
        // Act
        await using var app = await StartAsync(BenchOptions.RuntimeReaders);

        // Assert
        var started = app.Services.GetServices<IHostedService>().Select(s => s.GetType().Name).ToList();
        Assert.DoesNotContain("RuntimeSampler", started);
        Assert.DoesNotContain("LabMeter", started);
        Assert.Contains("StartupBanner", started);
    }

    [Fact]
    public void Leaving_out_problem_details_leaves_out_the_exception_handler_that_needs_it()
    {
        // Act
        var bench = new BenchOptions { Without = " problem-details " };

        // Assert
        Assert.False(bench.Keeps(BenchOptions.ProblemDetails));
        Assert.False(bench.Keeps(BenchOptions.ExceptionHandler));
        Assert.True(bench.Keeps(BenchOptions.StatusPages));
        Assert.True(new BenchOptions().Keeps(BenchOptions.ExceptionHandler));
    }

    private static async Task<WebApplication> StartAsync(string piece)
    {
        var settings = AppHostFixture.DefaultSettings();
        settings["Bench:Without"] = piece;
        var app = AppHostFixture.Build(settings);
        await app.StartAsync();
        return app;
    }

    private static HttpClient Client(WebApplication app) => new() { BaseAddress = AppHostFixture.Address(app) };
}
