namespace AsyncCapacity.Report.Results;

/// <summary>One experiment pair (sleep, db, ...) and how each of its variants held up.</summary>
/// <param name="Name">Route prefix and k6 script name: "sleep".</param>
/// <param name="Title">Human title: "Thread.Sleep vs Task.Delay".</param>
/// <param name="Lesson">One sentence: what the pair teaches.</param>
/// <param name="Parameters">Query parameters sent with every request, e.g. { "ms": "500" }.</param>
/// <param name="IdealRpsPerClient">Throughput one client reaches with zero overhead (1000 / delay ms), for the ideal line; null when unknown.</param>
/// <param name="Verdict">The result in one sentence of numbers; empty when skipped.</param>
/// <param name="SkippedReason">Why the experiment did not run and how to make it run; null when it ran.</param>
/// <param name="Gauges">What the report plots beside the thread pool, by gauge id (GaugeCatalog), as the declaration listed them.</param>
/// <param name="Load">What one iteration of the load was (its units, whether clients held sessions).</param>
/// <param name="Model">How the steps applied their load: clients (closed) or arrival rates (open).</param>
public sealed record ExperimentResult(
    string Name,
    string Title,
    string Lesson,
    Sla Sla,
    IReadOnlyDictionary<string, string> Parameters,
    double? IdealRpsPerClient,
    IReadOnlyList<VariantResult> Variants,
    string Verdict,
    string? SkippedReason,
    IReadOnlyList<string>? Gauges,
    LoadKind Load,
    LoadModel Model)
{
    /// <summary>What a step's throughput counts: "req/s", or "msg/s" (echoes) for a WebSocket experiment.</summary>
    public string RateUnit => Load.RateUnit;
}

/// <summary>One side of a pair ("sync" or "async"): its steps, its capacity and the server timeline behind them.</summary>
/// <param name="Capacity">Highest tested concurrency that met the SLA, with its throughput; null when no step did.</param>
/// <param name="Timeline">Server runtime samples (1 Hz) covering this variant's steps, oldest first.</param>
public sealed record VariantResult(
    string Name,
    string Description,
    bool Blocking,
    IReadOnlyList<StepResult> Steps,
    Capacity? Capacity,
    IReadOnlyList<RuntimeSample> Timeline);

public sealed record Capacity(int Concurrency, double Rps);
