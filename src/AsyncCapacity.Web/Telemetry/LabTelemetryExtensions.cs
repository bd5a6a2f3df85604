using OpenTelemetry.Metrics;

namespace AsyncCapacity.Web.Telemetry;

public static class LabTelemetryExtensions
{
    // https://opentelemetry.io/docs/specs/otel/protocol/exporter/
    public const string EndpointVariable = "OTEL_EXPORTER_OTLP_ENDPOINT";

    /// <summary>The configuration key that replaces <see cref="Meters"/> (comma-separated), e.g. the environment variable
    /// LabTelemetry__Meters or <c>--app-setting LabTelemetry__Meters=…</c>.</summary>
    public const string MetersKey = "LabTelemetry:Meters";

    /// <summary>The meters the live view shows: the runtime's and the lab's are observable (read once per export, nothing per
    /// request) and Kestrel's record per connection.</summary>
    /// <remarks>Not Microsoft.AspNetCore.Hosting: its http.server.request.duration and http.server.active_requests record on
    /// every request, and exported by the SDK inside the app they cost a saturated /hello a fifth of its throughput
    /// (bench/otel.sh measures it; add the meter back through <see cref="MetersKey"/> to see). The requests' side of the
    /// live view comes from k6's own export and the lab's asynccapacity.http.requests_in_flight gauge.</remarks>
    public static readonly IReadOnlyList<string> Meters = ["System.Runtime", "Microsoft.AspNetCore.Server.Kestrel", "AsyncCapacity"];

    /// <summary>Only when an endpoint is configured, so an unobserved run registers and costs nothing.</summary>
    public static WebApplicationBuilder AddLabTelemetry(this WebApplicationBuilder builder)
    {
        if (string.IsNullOrWhiteSpace(builder.Configuration[EndpointVariable]))
        {
            return builder;
        }

        // System.Runtime is enough on .NET 9+: the runtime publishes its own meter
        // (https://learn.microsoft.com/dotnet/core/diagnostics/built-in-metrics-runtime).
        var meters = ConfiguredMeters(builder.Configuration[MetersKey]);
        builder.Services.AddOpenTelemetry().WithMetrics(metrics => metrics.AddMeter([.. meters]).AddOtlpExporter());
        return builder;
    }

    public static IReadOnlyList<string> ConfiguredMeters(string? setting) =>
        string.IsNullOrWhiteSpace(setting)
            ? Meters
            : [.. setting.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)];
}
