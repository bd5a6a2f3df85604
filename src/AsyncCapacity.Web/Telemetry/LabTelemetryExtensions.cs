using OpenTelemetry.Metrics;

namespace AsyncCapacity.Web.Telemetry;

public static class LabTelemetryExtensions
{
    // https://opentelemetry.io/docs/specs/otel/protocol/exporter/
    public const string EndpointVariable = "OTEL_EXPORTER_OTLP_ENDPOINT";

    public static readonly IReadOnlyList<string> Meters =
        ["System.Runtime", "Microsoft.AspNetCore.Hosting", "Microsoft.AspNetCore.Server.Kestrel", "AsyncCapacity"];

    /// <summary>Only when an endpoint is configured, so an unobserved run registers and costs nothing.</summary>
    public static WebApplicationBuilder AddLabTelemetry(this WebApplicationBuilder builder)
    {
        if (string.IsNullOrWhiteSpace(builder.Configuration[EndpointVariable]))
        {
            return builder;
        }

        // System.Runtime is enough on .NET 9+: the runtime publishes its own meter
        // (https://learn.microsoft.com/dotnet/core/diagnostics/built-in-metrics-runtime).
        builder.Services.AddOpenTelemetry().WithMetrics(metrics => metrics.AddMeter([.. Meters]).AddOtlpExporter());
        return builder;
    }
}
