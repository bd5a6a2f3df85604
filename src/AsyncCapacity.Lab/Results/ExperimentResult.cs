using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Results;

/// <param name="Name">Route prefix and k6 script name: "sleep".</param>
/// <param name="IdealRpsPerClient">One client with zero overhead (1000 / delay ms), for the ideal line.</param>
public sealed record ExperimentResult(
    string Name,
    string Title,
    string Lesson,
    Sla Sla,
    IReadOnlyDictionary<string, string> Parameters,
    double? IdealRpsPerClient,
    IReadOnlyList<VariantResult> Variants,
    string? SkippedReason,
    IReadOnlyList<string>? Gauges,
    LoadKind Load,
    LoadModel Model)
{
    public string RateUnit => Load.RateUnit;

    /// <summary>The load the experiment's claim rests on (C10k: 10,000), probed once in every run; null where none is declared.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Headline { get; init; }
}

/// <param name="Capacity">Null when no load met the SLA: see <see cref="NoCapacityBecause"/>.</param>
public sealed record VariantResult(
    string Name,
    string Description,
    bool Blocking,
    IReadOnlyList<StepResult> Steps,
    Capacity? Capacity,
    IReadOnlyList<RuntimeSample> Timeline)
{
    public NoCapacityReason? NoCapacityBecause { get; init; }

    /// <summary>What the declaration says the variant holds: kept here, as a user's declaration is in no catalog.</summary>
    public IReadOnlyList<Hold>? Holds { get; init; }

    /// <summary>Null for an undeclared experiment or when no step was measured.</summary>
    public Prediction? Prediction { get; init; }

    /// <summary>The request each probe sent ("GET /stock/1?ms=100"): named where the JIT inlined the app's frames.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Request { get; init; }

    /// <summary>Pool threads held per request, measured from the probes' stacks (Little's law); null without stacks.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public MeasuredHold? ThreadsHeld { get; init; }
}

/// <summary>
/// The knee estimated from every judged probe (the largest whole load at or below it) with its 90% interval, and the
/// throughput there; a lower bound ("≥ N") says what stopped the search instead. Runs made before the estimate carry a
/// bracket (MissedAt) and the runs at its ends; runs made before the search only the first two figures.
/// </summary>
public sealed record Capacity(int Concurrency, double Rps)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Search.KneeEstimate? Estimate { get; init; }

    /// <summary>The smallest load above the capacity that missed; null for a lower bound.</summary>
    public int? MissedAt { get; init; }

    public Search.StoppedBy? AtLeastBecause { get; init; }

    public Search.RunTally? Runs { get; init; }

    public Search.RunTally? MissedRuns { get; init; }

    /// <summary>False when the probe budget ran out before the interval (earlier: the bracket) was as narrow as asked.</summary>
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
