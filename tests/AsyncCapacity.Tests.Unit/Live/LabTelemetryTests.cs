using AsyncCapacity.Web.Telemetry;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry.Metrics;

namespace AsyncCapacity.Tests.Live;

/// <summary>The app speaks OTLP only when asked: an endpoint registers the meter provider and its exporter; none, nothing.</summary>
public sealed class LabTelemetryTests
{
    private static WebApplication Build(string? endpoint)
    {
        // An empty builder, so that the test process's own environment cannot turn export on.
        var builder = WebApplication.CreateEmptyBuilder(new WebApplicationOptions());
        builder.WebHost.UseKestrelCore();
        if (endpoint is not null)
        {
            builder.Configuration[LabTelemetryExtensions.EndpointVariable] = endpoint;
        }

        builder.AddLabTelemetry();
        return builder.Build();
    }

    [Fact]
    public async Task Without_an_endpoint_the_app_registers_no_meter_provider_and_no_exporter()
    {
        // Act
        await using var app = Build(endpoint: null);

        // Assert
        Assert.Null(app.Services.GetService<MeterProvider>());
        Assert.DoesNotContain(app.Services.GetServices<Microsoft.Extensions.Hosting.IHostedService>(),
            s => s.GetType().Namespace?.StartsWith("OpenTelemetry", StringComparison.Ordinal) == true);
    }

    [Fact]
    public async Task With_an_endpoint_the_app_registers_its_meter_provider()
    {
        // Act
        await using var app = Build("http://127.0.0.1:4317");

        // Assert: what reaches a real receiver is LiveSweepTests' part (the Aspire dashboard lists the app's meters)
        Assert.NotNull(app.Services.GetService<MeterProvider>());
    }

    [Fact]
    public void The_default_meters_record_nothing_per_request()
    {
        // Assert: Hosting's per-request instruments are what made a saturated app slower under export
        Assert.DoesNotContain("Microsoft.AspNetCore.Hosting", LabTelemetryExtensions.Meters);
        Assert.Contains("System.Runtime", LabTelemetryExtensions.Meters);
    }

    [Theory]
    [InlineData(null, "System.Runtime,Microsoft.AspNetCore.Server.Kestrel,AsyncCapacity")]
    [InlineData(" ", "System.Runtime,Microsoft.AspNetCore.Server.Kestrel,AsyncCapacity")]
    [InlineData("System.Runtime, Microsoft.AspNetCore.Hosting,", "System.Runtime,Microsoft.AspNetCore.Hosting")]
    public void A_setting_replaces_the_meters(string? setting, string expected)
    {
        // Act
        var meters = LabTelemetryExtensions.ConfiguredMeters(setting);

        // Assert
        Assert.Equal(expected, string.Join(',', meters));
    }
}
