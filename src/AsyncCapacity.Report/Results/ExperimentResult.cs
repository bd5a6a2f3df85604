using System.Text.Json.Serialization;

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

/// <summary>One side of a pair ("sync" or "async"): its steps (every probe), its capacity and the server timeline behind them.</summary>
/// <param name="Capacity">The largest load that met the SLA, with its throughput and bracket; null when none did (see <see cref="NoCapacityBecause"/>).</param>
/// <param name="Timeline">Server runtime samples (1 Hz) covering this variant's steps, oldest first.</param>
public sealed record VariantResult(
    string Name,
    string Description,
    bool Blocking,
    IReadOnlyList<StepResult> Steps,
    Capacity? Capacity,
    IReadOnlyList<RuntimeSample> Timeline)
{
    /// <summary>Why there is no capacity: "even 1 missed it in 3 of 3 runs"; null when there is one.</summary>
    public string? NoCapacityBecause { get; init; }

    /// <summary>What the operational laws predicted for this variant and how the measurement compares; null when unknown (an undeclared experiment, no step measured).</summary>
    public Prediction? Prediction { get; init; }
}

/// <summary>
/// Capacity at SLA: the largest load (clients, or req/s offered) that met the SLA by the majority of its runs, with the
/// median throughput of those runs. Measured, it carries its bracket: <see cref="MissedAt"/>, the smallest load that
/// missed above it, and how the runs at both ends agreed. A lower bound ("≥ N") says what stopped the search instead.
/// Runs made before there was a search carry only the first two figures.
/// </summary>
public sealed record Capacity(int Concurrency, double Rps)
{
    /// <summary>The smallest load above the capacity that missed the SLA (by the majority of its runs); null for a lower bound.</summary>
    public int? MissedAt { get; init; }

    /// <summary>Set when the capacity is a lower bound: the load generator was the limit, the ceiling, the probe budget, or the grid's top.</summary>
    public Search.StoppedBy? AtLeastBecause { get; init; }

    /// <summary>How many runs at the capacity met the SLA, of how many.</summary>
    public Search.RunTally? Runs { get; init; }

    /// <summary>How many runs at <see cref="MissedAt"/> met the SLA, of how many.</summary>
    public Search.RunTally? MissedRuns { get; init; }

    /// <summary>False when the probe budget ran out before the bracket was as narrow as asked.</summary>
    public bool Narrowed { get; init; } = true;

    /// <summary>How the search went (the report's "how it was found"); null for the grid only and older runs.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Search.SearchStrategy? Strategy { get; init; }

    /// <summary>The laws' knee the search probed after the lightest step; null when it walked the declared steps.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? PredictedKnee { get; init; }

    /// <summary>For a lower bound the load generator set: the load above it that missed while k6 was short of CPU.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? LoadGeneratorMissedAt { get; init; }
}
