using OpenTelemetry.Metrics;

namespace AsyncCapacity.Web.Telemetry;

public static class LabTelemetryExtensions
{
    /// <summary>The standard variable that turns export on (https://opentelemetry.io/docs/specs/otel/protocol/exporter/).</summary>
    public const string EndpointVariable = "OTEL_EXPORTER_OTLP_ENDPOINT";

    /// <summary>The meters exported: the runtime's, ASP.NET Core's, Kestrel's and the lab's own.</summary>
    public static readonly IReadOnlyList<string> Meters =
        ["System.Runtime", "Microsoft.AspNetCore.Hosting", "Microsoft.AspNetCore.Server.Kestrel", "AsyncCapacity"];

    /// <summary>
    /// Metrics over OTLP only when an endpoint is configured, so an unobserved run registers and costs nothing. The SDK
    /// reads OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_METRIC_EXPORT_INTERVAL and OTEL_EXPORTER_OTLP_PROTOCOL itself.
    /// </summary>
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
