namespace AsyncCapacity.Cli.Live;

/// <summary>Where every probe's app and k6 send their metrics over OTLP, and the environment that says so to the app: the standard
/// OTEL_* variables (k6's own, K6_OTEL_*, are in Load's K6Telemetry).</summary>
/// <param name="Endpoint">The OTLP receiver: gRPC unless <paramref name="Protocol"/> is http/protobuf.</param>
/// <param name="Dashboard">The dashboard's UI when the sweep started one; null for an endpoint of the user's.</param>
/// <param name="Headers">OTLP headers every sender gives (the dashboard's API key), as OTEL_EXPORTER_OTLP_HEADERS writes them.</param>
internal sealed record LiveTelemetry(Uri Endpoint, string Protocol, Uri? Dashboard, string? Headers = null)
{
    public const string AppServiceName = "asynccapacity";
    public const string K6ServiceName = "k6";

    /// <summary>The app exports every second, so the pool's growth (a thread or two per second) shows as it happens.</summary>
    public const int ExportIntervalMs = 1000;

    /// <summary>An endpoint of the user's, in the protocol OTEL_EXPORTER_OTLP_PROTOCOL names (the .NET SDK's default: grpc).</summary>
    public static LiveTelemetry External(Uri endpoint) => new(endpoint,
        Environment.GetEnvironmentVariable("OTEL_EXPORTER_OTLP_PROTOCOL") is "http/protobuf" ? "http/protobuf" : "grpc", null);

    /// <summary>What the report's header and the CLI say of it.</summary>
    public string Description => (Dashboard is { } ui
        ? $"the Aspire dashboard at {ui} (OTLP {Endpoint}): every variant's app and k6, one instance each, its probes on one timeline; "
            + "it keeps them in memory only"
        : $"OTLP ({Protocol}) to {Endpoint}: every variant's app and k6, one instance each, its probes on one timeline")
        + "; " + ExportCost.Recorded.Sentence;

    public IReadOnlyDictionary<string, string> AppEnvironment(ProbeTags probe)
    {
        var environment = new Dictionary<string, string>
        {
            ["OTEL_EXPORTER_OTLP_ENDPOINT"] = Endpoint.ToString().TrimEnd('/'),
            ["OTEL_EXPORTER_OTLP_PROTOCOL"] = Protocol,
            ["OTEL_SERVICE_NAME"] = AppServiceName,
            ["OTEL_RESOURCE_ATTRIBUTES"] = probe.ResourceAttributes,
            ["OTEL_METRIC_EXPORT_INTERVAL"] = ExportIntervalMs.ToString(System.Globalization.CultureInfo.InvariantCulture),
        };
        if (Headers is not null)
        {
            environment["OTEL_EXPORTER_OTLP_HEADERS"] = Headers;
        }

        return environment;
    }
}
