using AsyncCapacity.Cli.Live;

namespace AsyncCapacity.Cli.Load;

/// <summary>k6's side of the live view (--live): its metrics to the same OTLP endpoint as the app's, tagged with the probe.</summary>
internal static class K6Telemetry
{
    /// <summary>k6's own output (https://grafana.com/docs/k6/latest/results-output/real-time/opentelemetry/); its Go SDK also reads
    /// OTEL_RESOURCE_ATTRIBUTES, so k6's resource carries the probe's tags too.</summary>
    public static IReadOnlyDictionary<string, string> Environment(LiveTelemetry live, ProbeTags probe)
    {
        var http = live.Protocol == "http/protobuf";
        var insecure = live.Endpoint.Scheme == "http" ? "true" : "false";
        var environment = new Dictionary<string, string>
        {
            ["K6_OUT"] = "opentelemetry",
            ["K6_OTEL_EXPORTER_PROTOCOL"] = live.Protocol,
            [http ? "K6_OTEL_HTTP_EXPORTER_ENDPOINT" : "K6_OTEL_GRPC_EXPORTER_ENDPOINT"] = live.Endpoint.Authority,
            [http ? "K6_OTEL_HTTP_EXPORTER_INSECURE" : "K6_OTEL_GRPC_EXPORTER_INSECURE"] = insecure,
            ["K6_OTEL_SERVICE_NAME"] = LiveTelemetry.K6ServiceName,
            ["K6_OTEL_EXPORT_INTERVAL"] = "1s",
            ["K6_OTEL_FLUSH_INTERVAL"] = "1s",
            ["OTEL_RESOURCE_ATTRIBUTES"] = probe.ResourceAttributes,
        };
        if (live.Headers is { } headers)
        {
            environment["K6_OTEL_HEADERS"] = headers;
        }

        return environment;
    }
}
