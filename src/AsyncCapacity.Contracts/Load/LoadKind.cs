using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Load;

/// <summary>
/// Everything that follows from what one k6 iteration is, in one place. A new kind is one more instance here, its k6
/// module, and its name in experiments/experiment.schema.json.
/// </summary>
[JsonConverter(typeof(NamedValueJsonConverter<LoadKind>))]
public sealed record LoadKind : INamedValue<LoadKind>
{
    /// <summary>One HTTP request per iteration, answered 2xx when it succeeded.</summary>
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

    /// <summary>One session for the whole step, so a "request" is one echo and a session lost is an error.</summary>
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

    /// <summary>What a step's throughput counts: "req/s", "msg/s".</summary>
    public required string RateUnit { get; init; }

    /// <summary>The throughput chart's title: "Throughput", "Messages echoed".</summary>
    public required string RateTitle { get; init; }

    /// <summary>The rate column's tooltip.</summary>
    public required string RateDefinition { get; init; }

    /// <summary>"latency", "round trip": as in "p95 round trip".</summary>
    public required string LatencyName { get; init; }

    /// <summary>The finest latency the load generator records (ms); 0 when finer than the report shows.</summary>
    public required double LatencyResolutionMs { get; init; }

    /// <summary>One plain request per variant before loading it, so that a refused request fails at once.</summary>
    public required bool ProbedByRequest { get; init; }

    /// <summary>Whether the open model (a fixed arrival rate of independent requests) applies.</summary>
    public required bool ArrivesAtRate { get; init; }

    /// <summary>k6-scripts/lib/kinds.js maps the name to it.</summary>
    public required string K6Module { get; init; }

    /// <summary>Its steps carry connect time, failed and dropped sessions.</summary>
    public required bool HoldsSessions { get; init; }

    public override string ToString() => Name;
}
