using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Lab.Results;

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

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Headline { get; init; }

    /// <summary>Null in a run before it was recorded, and for k6 scripts run on their own.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ProbePlan? Plan { get; init; }
}

public sealed record VariantResult(
    string Name,
    string Description,
    bool Blocking,
    IReadOnlyList<StepResult> Steps,
    Capacity? Capacity,
    IReadOnlyList<RuntimeSample>? Timeline)
{
    /// <summary>Empty where no app was read (k6 alone) or the file was saved without it (docs/workshop/runs).</summary>
    public IReadOnlyList<RuntimeSample> Timeline { get; init; } = Timeline ?? [];

    public NoCapacityReason? NoCapacityBecause { get; init; }

    /// <summary>Kept here, as a user's declaration is in no catalog.</summary>
    public IReadOnlyList<Hold>? Holds { get; init; }

    public Prediction? Prediction { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Request { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public MeasuredHold? ThreadsHeld { get; init; }

    /// <summary>The capacity over time under load, where the sweep held loads up to a horizon (--sustain).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Sustained? Sustained { get; init; }

    /// <summary>--demand: probes at fixed arrival rates below saturation, from which the app alone's CPU per request is read.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<StepResult>? DemandSteps { get; init; }
}

/// <summary>Runs made before the estimate carry a bracket (MissedAt) and the runs at its ends; runs made before the search
/// only the first two figures.</summary>
public sealed record Capacity(int Concurrency, double Rps)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Search.KneeEstimate? Estimate { get; init; }

    public int? MissedAt { get; init; }

    public Search.StoppedBy? AtLeastBecause { get; init; }

    public RunTally? Runs { get; init; }

    public RunTally? MissedRuns { get; init; }

    public bool Narrowed { get; init; } = true;

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Search.SearchStrategy? Strategy { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? PredictedKnee { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? LoadGeneratorMissedAt { get; init; }

    /// <summary>Seconds under load from a cold app at the end of the windows that decided it: a blocking variant's capacity grows
    /// while the load lasts, so it holds at this time only. Null in files written before it was recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? HorizonSeconds { get; init; }

    /// <summary>Measured (the app's limit) or a bound (the load's, or nobody's shown); null in files written before it.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CapacityLimit? Limit { get; init; }

    /// <summary>What the app alone would serve on its CPUs, from its own CPU per request: said beside a bound, checked against
    /// a measurement.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public AppAlone? AppAlone { get; init; }

    /// <summary>"≥ N": the search stopped below the knee, or the knee found was not the app's limit.</summary>
    [JsonIgnore]
    public bool IsBound => AtLeastBecause is not null || Limit is { Measured: false };
}

public sealed record MeasuredHold(double PerRequest, double Lowest, double Highest, int Probes);

/// <summary>How many runs of one load met the SLA, as an older results.json kept it (before the knee's estimate).</summary>
public sealed record RunTally(int Met, int Runs);
