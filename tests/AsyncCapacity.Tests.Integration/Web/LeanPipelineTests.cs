using System.Net;
using System.Net.WebSockets;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

/// <summary>What the lean pipeline keeps: Server-Timing on every kind of response, and WebSocket upgrades on the echo
/// routes, now that the WebSocket middleware runs on upgrade requests only.</summary>
[Collection(AppHostGroup.Name)]
public sealed class LeanPipelineTests(AppHostFixture app)
{
    [Theory]
    [InlineData("sync")]
    [InlineData("async")]
    public async Task A_WebSocket_upgrade_on_an_echo_route_answers_101_with_Server_Timing_and_echoes(string variant)
    {
        // Arrange
        using var client = new ClientWebSocket();
        client.Options.CollectHttpResponseDetails = true;

        // Act
        await client.ConnectAsync(new Uri($"ws://{app.BaseAddress.Authority}/websocket/{variant}"), CancellationToken.None);
        var echo = await EchoAsync(client, "lean");

        // Assert
        Assert.Equal(HttpStatusCode.SwitchingProtocols, client.HttpStatusCode);
        Assert.StartsWith("app;dur=", Assert.Single(client.HttpResponseHeaders!["Server-Timing"]), StringComparison.Ordinal);
        Assert.Equal("lean", echo);
    }

    [Theory]
    [InlineData("POST", "/hello", HttpStatusCode.MethodNotAllowed)]
    [InlineData("GET", "/no/such/route", HttpStatusCode.NotFound)]
    [InlineData("GET", "/content/memory/none.html", HttpStatusCode.NotFound)]
    [InlineData("GET", "/db/async", HttpStatusCode.ServiceUnavailable)]
    public async Task Error_answers_are_ProblemDetails_with_Server_Timing(string method, string route, HttpStatusCode status)
    {
        // Act
        using var request = new HttpRequestMessage(new HttpMethod(method), new Uri(route, UriKind.Relative));
        using var response = await app.Client.SendAsync(request);

        // Assert
        Assert.Equal(status, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        RouteTests.AssertServerTiming(response);
    }

    private static async Task<string> EchoAsync(ClientWebSocket client, string text)
    {
        await client.SendAsync(System.Text.Encoding.UTF8.GetBytes(text), WebSocketMessageType.Text, endOfMessage: true, CancellationToken.None);
        var buffer = new byte[1024];
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        var received = await client.ReceiveAsync(buffer, timeout.Token);
        await client.CloseAsync(WebSocketCloseStatus.NormalClosure, null, CancellationToken.None);
        return System.Text.Encoding.UTF8.GetString(buffer, 0, received.Count);
    }
}
