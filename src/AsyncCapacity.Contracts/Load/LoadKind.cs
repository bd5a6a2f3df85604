using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Load;

/// <summary>A new kind is one more instance here, its k6 module, and its name in experiments/experiment.schema.json.</summary>
[JsonConverter(typeof(NamedValueJsonConverter<LoadKind>))]
public sealed record LoadKind : INamedValue<LoadKind>
{
    public static LoadKind Http { get; } = new()
    {
        Name = "http",
        RateUnit = "req/s",
        RateTitle = "Throughput",
        RateDefinition = "Requests answered per second in the measured window",
        LatencyName = "latency",
        LatencyResolutionMs = 0,
        ProbedByRequest = true,
        ArrivesAtRate = true,
        K6Module = "k6-scripts/lib/request.js",
        HoldsSessions = false,
    };

    // One session for the whole step, so a "request" is one echo and a session lost is an error.
    public static LoadKind WebSocket { get; } = new()
    {
        Name = "websocket",
        RateUnit = "msg/s",
        RateTitle = "Messages echoed",
        RateDefinition = "Echoes received per second in the measured window",
        LatencyName = "round trip",
        // The payload carries its send time from Date.now(): the round trip is whole milliseconds.
        LatencyResolutionMs = 1,
        // A plain request to an echo route is answered 400 by design: k6's first session is the probe.
        ProbedByRequest = false,
        // A client holds its session for the whole step: there is no arrival to schedule.
        ArrivesAtRate = false,
        K6Module = "k6-scripts/lib/websocket.js",
        HoldsSessions = true,
    };

    public static IReadOnlyList<LoadKind> All { get; } = [Http, WebSocket];

    public required string Name { get; init; }

    public required string RateUnit { get; init; }

    public required string RateTitle { get; init; }

    public required string RateDefinition { get; init; }

    public required string LatencyName { get; init; }

    public required double LatencyResolutionMs { get; init; }

    public required bool ProbedByRequest { get; init; }

    public required bool ArrivesAtRate { get; init; }

    public required string K6Module { get; init; }

    public required bool HoldsSessions { get; init; }

    public override string ToString() => Name;
}
