using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

/// <summary>The image's healthcheck, as Docker runs it: a separate process of the app that must not start the host.</summary>
public sealed class HealthProbeTests
{
    private static readonly string WebDll = Path.Combine(AppContext.BaseDirectory, "AsyncCapacity.Web.dll");

    [Fact]
    public async Task The_health_probe_exits_0_when_the_app_answers_healthz()
    {
        // Arrange
        await using var app = AppHostFixture.Build(AppHostFixture.DefaultSettings());
        await app.StartAsync();
        var url = new Uri(AppHostFixture.Address(app), "/healthz");

        // Act
        var (exitCode, output, _) = await ProbeAsync(url.ToString());
        await app.StopAsync();

        // Assert
        Assert.Equal(0, exitCode);
        Assert.Equal($"healthy: GET {url} answered 200 OK", output.Trim());
    }

    [Fact]
    public async Task The_health_probe_exits_1_at_once_with_one_line_when_nothing_listens()
    {
        // Arrange
        var url = $"http://127.0.0.1:{ClosedPort.Find()}/healthz";

        // Act
        var (exitCode, output, _) = await ProbeAsync(url);

        // Assert: at once, on the refusal ("failed: ..."), not after the probe's 3 s timeout ("did not answer within 3 s")
        Assert.Equal(1, exitCode);
        var line = Assert.Single(output.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"unhealthy: GET {url} failed: ", line, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_health_probe_rejects_a_URL_that_is_not_http()
    {
        // Act
        var (exitCode, output, _) = await ProbeAsync("localhost:8080");

        // Assert
        Assert.Equal(1, exitCode);
        Assert.Contains("is not an http(s) URL", output, StringComparison.Ordinal);
    }

    private static Task<(int ExitCode, string Output, string Errors)> ProbeAsync(string url) =>
        ShellProcess.RunAsync("dotnet", [WebDll, "--health-probe", url], new Dictionary<string, string?>());
}
