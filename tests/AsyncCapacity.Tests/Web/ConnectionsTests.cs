using System.Net;
using System.Net.Http.Json;
using System.Net.Sockets;
using System.Text;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Web;

/// <summary>The C10k pair on real Kestrel: its routes, its listen backlog, and the open connections it counts.</summary>
[Collection(AppHostGroup.Name)]
public sealed class ConnectionsTests(AppHostFixture app)
{
    [Theory]
    [InlineData("/connections/sync?ms=20")]
    [InlineData("/connections/async?ms=20")]
    public async Task Both_variants_wait_and_answer_the_wait_they_were_given(string route)
    {
        // Act
        var response = await app.Client.GetAsync(route);

        // Assert
        response.EnsureSuccessStatusCode();
        Assert.Contains("\"delayMs\":20", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/connections/async?ms=abc")]
    [InlineData("/connections/sync?ms=10001")]
    public async Task A_bad_wait_is_a_400_naming_the_parameter_and_its_bounds(string route)
    {
        // Act
        var response = await app.Client.GetAsync(route);

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("'ms' must be a whole number from 0 to 10000", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public void Kestrel_listens_with_the_configured_backlog_not_its_default_of_512()
    {
        // Act
        var transport = app.Services.GetRequiredService<IOptions<SocketTransportOptions>>().Value;

        // Assert
        Assert.Equal(16384, transport.Backlog);
    }

    [Fact]
    public async Task The_runtime_report_names_the_backlog_and_counts_the_open_connections()
    {
        // Arrange: what is open already (this client's keep-alive connections), then 40 clients, each holding its own
        // connection open in an awaited 3 s wait
        var before = (await app.Client.GetFromJsonAsync<RuntimeReport>("/diag/runtime", WireJson.Options))!.Now.Gauges![GaugeKeys.ConnectionsOpen];
        var sockets = new List<Socket>();
        try
        {
            for (var i = 0; i < 40; i++)
            {
                var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
                await socket.ConnectAsync(app.BaseAddress.Host, app.BaseAddress.Port);
                await socket.SendAsync(Encoding.ASCII.GetBytes($"GET /connections/async?ms=3000 HTTP/1.1\r\nHost: localhost\r\n\r\n"));
                sockets.Add(socket);
            }

            // Act: the sampler runs at 10 Hz here; give it a few samples
            await Task.Delay(500);
            var report = await app.Client.GetFromJsonAsync<RuntimeReport>("/diag/runtime", WireJson.Options);

            // Assert: the 40 waiting clients on top (this client may have opened one more for the report)
            Assert.Equal(16384, report!.ListenBacklog);
            Assert.InRange(report.Now.Gauges![GaugeKeys.ConnectionsOpen], before + 40, before + 41);
        }
        finally
        {
            foreach (var socket in sockets)
            {
                socket.Dispose();
            }
        }
    }
}
