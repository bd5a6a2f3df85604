using System.Net;
using System.Net.WebSockets;
using System.Text;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Web.WebSockets;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace AsyncCapacity.Tests.Web;

/// <summary>The WebSocket echo pair on real Kestrel with a real ClientWebSocket: echo, close, limits, vanished clients, TLS.</summary>
[Collection(AppHostGroup.Name)]
public sealed class WebSocketEchoTests(AppHostFixture app)
{
    private const int MaxMessageBytes = 64 * 1024;

    [Theory]
    [InlineData("sync", 275)]
    [InlineData("async", 275)]
    [InlineData("sync", MaxMessageBytes)]
    [InlineData("async", MaxMessageBytes)]
    public async Task A_message_comes_back_whole_and_the_close_handshake_is_answered_with_the_clients_status(string variant, int size)
    {
        // Arrange
        using var client = await ConnectAsync(variant);
        var message = Message(size);

        // Act
        await client.SendAsync(message, WebSocketMessageType.Binary, endOfMessage: true, CancellationToken.None);
        var echo = await ReceiveWholeAsync(client);
        await client.CloseAsync(WebSocketCloseStatus.NormalClosure, "done", CancellationToken.None);

        // Assert
        Assert.Equal(message, echo);
        Assert.Equal(WebSocketState.Closed, client.State);
        Assert.Equal(WebSocketCloseStatus.NormalClosure, client.CloseStatus);
    }

    [Theory]
    [InlineData("sync")]
    [InlineData("async")]
    public async Task A_message_over_64_KiB_closes_the_session_with_1009_Message_Too_Big(string variant)
    {
        // Arrange
        using var client = await ConnectAsync(variant);

        // Act
        await client.SendAsync(Message(MaxMessageBytes + 1), WebSocketMessageType.Binary, endOfMessage: true, CancellationToken.None);
        var result = await client.ReceiveAsync(new byte[1024], CancellationToken.None);

        // Assert
        Assert.Equal(WebSocketMessageType.Close, result.MessageType);
        Assert.Equal(WebSocketCloseStatus.MessageTooBig, result.CloseStatus);
    }

    [Theory]
    [InlineData("/websocket/sync")]
    [InlineData("/websocket/async")]
    public async Task A_plain_GET_is_a_400_ProblemDetails_that_says_to_connect_with_ws(string route)
    {
        // Act
        var response = await app.Client.GetAsync(route);

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("connect with ws://", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("sync")]
    [InlineData("async")]
    public async Task Clients_that_vanish_without_closing_end_their_loops_and_free_their_threads(string variant)
    {
        // Arrange: 8 clients echoing, then gone without a close handshake
        var sessions = app.Services.GetRequiredService<EchoSessions>();
        var before = sessions.Open;
        var clients = new List<ClientWebSocket>();
        for (var i = 0; i < 8; i++)
        {
            var client = await ConnectAsync(variant);
            await client.SendAsync(Message(100), WebSocketMessageType.Binary, endOfMessage: true, CancellationToken.None);
            await ReceiveWholeAsync(client);
            clients.Add(client);
        }

        Assert.Equal(before + 8, sessions.Open);

        // Act
        foreach (var client in clients)
        {
            client.Abort();
            client.Dispose();
        }

        // Assert: every loop has ended (a blocked one included), before the app's keep-alive would have ended it (it
        // aborts a session 10 s after a ping goes unanswered)
        await WaitFor.ConditionAsync("every vanished client's loop to end", () => Task.FromResult(sessions.Open), open => open <= before,
            open => $"{open} sessions open, {before} before the clients came", TimeSpan.FromSeconds(8));
        Assert.Equal(before, sessions.Open);
    }

    [Fact]
    public async Task The_echo_answers_over_wss_on_an_https_listener_with_the_certificate_the_app_made()
    {
        // Arrange: the app with a TLS listener beside its plain one, as the sweep starts it for websocket.tls=true
        var settings = AppHostFixture.DefaultSettings();
        await using var tls = AppHostFixture.Build(settings, "http://127.0.0.1:0;https://127.0.0.1:0");
        await tls.StartAsync();
        var https = AppHostFixture.Addresses(tls).Single(a => a.Scheme == "https");
        using var client = new ClientWebSocket();
        client.Options.RemoteCertificateValidationCallback = (_, certificate, _, _) => certificate?.Subject == "CN=AsyncCapacity loopback";

        // Act
        await client.ConnectAsync(new Uri($"wss://127.0.0.1:{https.Port}/websocket/async"), CancellationToken.None);
        await client.SendAsync(Message(275), WebSocketMessageType.Binary, endOfMessage: true, CancellationToken.None);
        var echo = await ReceiveWholeAsync(client);
        await client.CloseAsync(WebSocketCloseStatus.NormalClosure, null, CancellationToken.None);
        await tls.StopAsync();

        // Assert
        Assert.Equal(Message(275), echo);
    }

    private async Task<ClientWebSocket> ConnectAsync(string variant)
    {
        var client = new ClientWebSocket();
        await client.ConnectAsync(new Uri($"ws://{app.BaseAddress.Authority}/websocket/{variant}"), CancellationToken.None);
        return client;
    }

    private static byte[] Message(int size) => [.. Enumerable.Range(0, size).Select(i => (byte)('a' + (i % 26)))];

    private static async Task<byte[]> ReceiveWholeAsync(ClientWebSocket client)
    {
        using var received = new MemoryStream();
        var buffer = new byte[8192];
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        WebSocketReceiveResult result;
        do
        {
            result = await client.ReceiveAsync(buffer, timeout.Token);
            received.Write(buffer, 0, result.Count);
        }
        while (!result.EndOfMessage);

        return received.ToArray();
    }
}
