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
        Assert.Contains("'ms' must be a whole number from 0 to 10000",
            await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
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
        // Arrange: what is open already (this client's keep-alive connection, and any of an earlier test still closing),
        // then 40 clients, each holding its own connection open in an awaited wait that outlasts the test
        var before = await ReportAsync();
        var sockets = new List<Socket>();
        RuntimeReport during;
        try
        {
            for (var i = 0; i < 40; i++)
            {
                var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
                await socket.ConnectAsync(app.BaseAddress.Host, app.BaseAddress.Port);
                await socket.SendAsync(Encoding.ASCII.GetBytes($"GET /connections/async?ms=10000 HTTP/1.1\r\nHost: localhost\r\n\r\n"));
                sockets.Add(socket);
            }

            // Act: once the app has the 40 requests in its pipeline, their connections are open
            during = await WaitFor.ConditionAsync("the 40 clients' requests in the app's pipeline",
                ReportAsync, r => r.Now.RequestsInFlight >= before.Now.RequestsInFlight + 40,
                r => $"{r.Now.RequestsInFlight} requests in flight, {Open(r)} connections open");

            // Assert: the backlog as configured, and no more than the 40 on top of what was open (this client may have
            // opened one more for the report; connections of earlier tests that closed meanwhile can only take some off)
            Assert.Equal(16384, during.ListenBacklog);
            Assert.True(Open(during) <= Open(before) + 41, $"{Open(during)} connections open with 40 clients on top of {Open(before)}");
        }
        finally
        {
            foreach (var socket in sockets)
            {
                socket.Dispose();
            }
        }

        // Assert: the 40 were counted, since closing them takes 40 off (anything else closing can only take more)
        await WaitFor.ConditionAsync("the 40 closed connections to leave the count",
            ReportAsync, r => Open(r) <= Open(during) - 40, r => $"{Open(r)} connections open, {Open(during)} with the 40 clients");
    }

    private async Task<RuntimeReport> ReportAsync() =>
        (await app.Client.GetFromJsonAsync<RuntimeReport>("/diag/runtime", WireJson.Options))!;

    private static double Open(RuntimeReport report) => report.Now.Gauges![GaugeKeys.ConnectionsOpen];
}
