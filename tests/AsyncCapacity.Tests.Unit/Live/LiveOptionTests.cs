using System.CommandLine;
using AsyncCapacity.Cli.Commands;
using AsyncCapacity.Cli.Live;
using AsyncCapacity.Cli.Load;
using AsyncCapacity.Cli.Options;

namespace AsyncCapacity.Tests.Live;

/// <summary>`--live` as typed, and what each probe's app and k6 are told: where to send, and which probe they are.</summary>
public sealed class LiveOptionTests
{
    private static readonly ProbeTags Probe = new("sleep", "sync", 50, 4, "sleep-sync-c50-r2");

    private static ParseResult Parse(params string[] arguments)
    {
        var (command, _) = SweepCommand.Build();
        return new RootCommand { command }.Parse(["sweep", .. arguments]);
    }

    private static LiveChoice? Live(params string[] arguments)
    {
        var (command, request) = SweepCommand.Build();
        var parse = new RootCommand { command }.Parse(["sweep", .. arguments]);
        Assert.Empty(parse.Errors);
        return request(parse).Live;
    }

    [Fact]
    public void Without_live_nothing_is_watched_alone_it_starts_the_dashboard_keep_keeps_it_and_a_URL_is_the_users_endpoint()
    {
        Assert.Null(Live("-e", "sleep"));
        Assert.Equal(new LiveChoice(null, Keep: false), Live("--live", "-e", "sleep"));
        Assert.Equal(new LiveChoice(null, Keep: true), Live("--live", "keep"));
        Assert.Equal(new LiveChoice(new Uri("http://127.0.0.1:4317"), Keep: false), Live("--live", "http://127.0.0.1:4317"));
    }

    [Fact]
    public void Anything_else_is_refused_naming_the_three_forms()
    {
        // Act
        var errors = Parse("--live", "dashboard").Errors;

        // Assert
        var error = Assert.Single(errors).Message;
        Assert.Contains("--live takes nothing (start the Aspire dashboard for the sweep), keep", error, StringComparison.Ordinal);
        Assert.EndsWith("got 'dashboard'.", error, StringComparison.Ordinal);
    }

    [Fact]
    public void The_app_gets_the_standard_OTEL_variables_with_its_variant_as_its_instance_and_the_probe_as_resource_attributes()
    {
        // Act
        var environment = new LiveTelemetry(new Uri("http://127.0.0.1:4317"), "grpc", null).AppEnvironment(Probe);

        // Assert
        Assert.Equal("http://127.0.0.1:4317", environment["OTEL_EXPORTER_OTLP_ENDPOINT"]);
        Assert.Equal("grpc", environment["OTEL_EXPORTER_OTLP_PROTOCOL"]);
        Assert.Equal("asynccapacity", environment["OTEL_SERVICE_NAME"]);
        Assert.Equal("1000", environment["OTEL_METRIC_EXPORT_INTERVAL"]);
        Assert.Equal("service.instance.id=sleep-sync,asynccapacity.experiment=sleep,asynccapacity.variant=sync,"
            + "asynccapacity.load=50,asynccapacity.probe=4,asynccapacity.probe_name=sleep-sync-c50-r2", environment["OTEL_RESOURCE_ATTRIBUTES"]);
    }

    [Theory]
    [InlineData("grpc", "K6_OTEL_GRPC_EXPORTER_ENDPOINT", "K6_OTEL_GRPC_EXPORTER_INSECURE")]
    [InlineData("http/protobuf", "K6_OTEL_HTTP_EXPORTER_ENDPOINT", "K6_OTEL_HTTP_EXPORTER_INSECURE")]
    public void K6_gets_its_opentelemetry_output_in_the_same_protocol_host_and_port_without_a_scheme(
        string protocol, string endpointVariable, string insecureVariable)
    {
        // Act
        var environment = K6Telemetry.Environment(new LiveTelemetry(new Uri("http://127.0.0.1:4317"), protocol, null), Probe);

        // Assert
        Assert.Equal("opentelemetry", environment["K6_OUT"]);
        Assert.Equal(protocol, environment["K6_OTEL_EXPORTER_PROTOCOL"]);
        Assert.Equal("127.0.0.1:4317", environment[endpointVariable]);
        Assert.Equal("true", environment[insecureVariable]);
        Assert.Equal("k6", environment["K6_OTEL_SERVICE_NAME"]);
        Assert.Equal(Probe.ResourceAttributes, environment["OTEL_RESOURCE_ATTRIBUTES"]);
    }

    [Fact]
    public void The_description_says_what_export_costs_as_bench_otel_last_measured_it()
    {
        // Act
        var description = new LiveTelemetry(new Uri("http://127.0.0.1:4317"), "grpc", null).Description;

        // Assert: the figure and its source come from export-cost.json, which bench/otel.sh writes
        Assert.Matches(@"export measured at \d\.\d\d× the lab's app's throughput without it \(wrk .+ saturated; `.*bench/otel\.sh`, 20\d\d-\d\d-\d\d\)$",
            description);
        Assert.InRange(ExportCost.Recorded.Ratio, 0.5, 1.5);
    }
}
