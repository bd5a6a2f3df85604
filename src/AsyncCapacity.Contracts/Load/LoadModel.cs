using System.Globalization;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Contracts.Load;

/// <summary>Every word that depends on how a step applies its load comes from here, so that the pages say it one way.</summary>
[JsonConverter(typeof(NamedValueJsonConverter<LoadModel>))]
public sealed record LoadModel : INamedValue<LoadModel>
{
    public static LoadModel Closed { get; } = new()
    {
        Name = "closed",
        StepUnit = "clients",
        AxisName = "concurrent clients",
        CapacityNoun = "concurrency",
        Clients = "the clients",
        Headline = "How many concurrent clients each variant serves within the SLA",
        Description = "closed: N concurrent clients, no think time",
        Definition =
            "Each step runs N concurrent clients (k6 virtual users) that send their next request as soon as the previous one answers, with "
            + "no think time. So throughput = clients ÷ latency (Little's law): once latency grows, throughput stops following the ideal "
            + "line.",
        K6Executor = "constant-vus",
    };

    public static LoadModel Open { get; } = new()
    {
        Name = "open",
        StepUnit = "req/s",
        AxisName = "offered req/s",
        CapacityNoun = "arrival rate",
        Clients = "the arrival rate",
        Headline = "What arrival rate each variant serves within the SLA",
        Description =
            "open: requests arrive at a fixed rate whatever the answers take (k6 constant-arrival-rate), so latency includes the queueing "
            + "a closed loop hides; arrivals k6 could not send on time (dropped iterations) count against the SLA",
        Definition =
            "Each step offers a fixed arrival rate (k6 constant-arrival-rate): a request starts on schedule however long the ones before "
            + "it take, as independent users would send them. So latency includes the time requests queue in a saturated server, which a "
            + "closed loop hides by slowing its own sending (coordinated omission), and achieved req/s falls below offered once the server "
            + "cannot keep up. An arrival k6 could not send because all its clients were still waiting is dropped, and dropped arrivals "
            + "count against the SLA's error limit.",
        K6Executor = "constant-arrival-rate",
    };

    public static IReadOnlyList<LoadModel> All { get; } = [Closed, Open];

    public required string Name { get; init; }

    public required string StepUnit { get; init; }

    public required string AxisName { get; init; }

    public required string CapacityNoun { get; init; }

    public required string Clients { get; init; }

    public required string Headline { get; init; }

    public required string Description { get; init; }

    public required string Definition { get; init; }

    public required string K6Executor { get; init; }

    public bool IsOpen => this == Open;

    public string Load(double step) =>
        IsOpen ? $"{Count(step)} req/s offered" : $"{Count(step)} {(step == 1 ? "client" : "clients")}";

    public string ConcurrentLoad(double step) =>
        IsOpen ? Load(step) : $"{Count(step)} {(step == 1 ? "concurrent client" : "concurrent clients")}";

    public override string ToString() => Name;

    private static string Count(double step) => step.ToString("#,0", CultureInfo.InvariantCulture);
}
