using System.Diagnostics.Metrics;
using AsyncCapacity.Contracts.Gauges;
using AsyncCapacity.Contracts.Runtime;
using OpenTelemetry;
using OpenTelemetry.Exporter;
using OpenTelemetry.Metrics;
using OpenTelemetry.Resources;

namespace AsyncCapacity.Cli.Live;

/// <summary>The live view of an app that does not export itself (yours, with no OpenTelemetry inside): what the sweep's own
/// reader reads of it from outside over EventPipe, exported from the CLI's process, one instance per variant as the lab's app
/// does. Nothing is added to the app; its pool is on the dashboard all the same.</summary>
/// <remarks>Instruments carry the runtime's own names (https://learn.microsoft.com/dotnet/core/diagnostics/built-in-metrics-runtime)
/// under a meter of the lab's, since the CLI, not the runtime, sends them.</remarks>
internal sealed class ReaderExport : IDisposable
{
    public const string ServiceName = "capacity-reader";
    public const string MeterName = "AsyncCapacity.Reader";

    private readonly Meter _meter;
    private readonly MeterProvider _provider;

    private ReaderExport(LiveTelemetry live, ProbeTags probe, Func<RuntimeSample?> latest)
    {
        _meter = new Meter(MeterName);
        _meter.CreateObservableGauge("dotnet.thread_pool.thread.count", () => Read(latest, s => s.ThreadCount), "{thread}",
            "Thread-pool threads, read from outside");
        _meter.CreateObservableGauge("dotnet.thread_pool.queue.length", () => Read(latest, s => s.PendingWorkItems), "{work_item}",
            "Work items queued for the pool, read from outside");
        _meter.CreateObservableCounter("dotnet.thread_pool.work_item.count", () => Read(latest, s => s.CompletedWorkItems),
            "{work_item}", "Work items the pool completed, read from outside");
        _meter.CreateObservableGauge(AppMeter.RequestsInFlight, () => Read(latest, s => s.RequestsInFlight), "{request}",
            "Requests in flight (Microsoft.AspNetCore.Hosting's http.server.active_requests), read from outside");
        _meter.CreateObservableGauge("process.cpu.utilization", () => Read(latest, s => s.CpuPercent), "%", "The app's CPU, of all cores");
        _provider = Sdk.CreateMeterProviderBuilder()
            .ConfigureResource(resource => resource
                .AddService(ServiceName, serviceInstanceId: probe.Instance, autoGenerateServiceInstanceId: false)
                .AddAttributes(probe.Attributes))
            .AddMeter(MeterName)
            .AddOtlpExporter((exporter, reader) =>
            {
                var http = live.Protocol == "http/protobuf";
                exporter.Protocol = http ? OtlpExportProtocol.HttpProtobuf : OtlpExportProtocol.Grpc;
                // Set in code, the endpoint is used as given: http/protobuf needs the signal's path
                // (https://opentelemetry.io/docs/specs/otel/protocol/exporter/#endpoint-urls-for-otlphttp).
                exporter.Endpoint = http ? new Uri(live.Endpoint, "v1/metrics") : live.Endpoint;
                exporter.Headers = live.Headers;
                reader.PeriodicExportingMetricReaderOptions.ExportIntervalMilliseconds = LiveTelemetry.ExportIntervalMs;
            })
            .Build();
    }

    /// <summary>For an app the lab does not build: its own SDK, if any, exports under its own name beside this.</summary>
    public static ReaderExport Start(LiveTelemetry live, ProbeTags probe, Func<RuntimeSample?> latest) => new(live, probe, latest);

    public void Dispose()
    {
        // Disposing flushes the last reading, so the probe's end is on the chart.
        _provider.Dispose();
        _meter.Dispose();
    }

    private static IEnumerable<Measurement<double>> Read(Func<RuntimeSample?> latest, Func<RuntimeSample, double> value) =>
        latest() is { } sample ? [new Measurement<double>(value(sample))] : [];
}
