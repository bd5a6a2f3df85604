using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Bump <see cref="CurrentSchemaVersion"/> on a change that breaks a reader; ResultsJson upgrades the one before.</summary>
public sealed record ResultsDocument(
    int SchemaVersion,
    RunInfo Run,
    IReadOnlyList<ExperimentResult> Experiments)
{
    /// <summary>5: flags, reasons, a bound's source and the run's target are data, no longer sentences.</summary>
    public const int CurrentSchemaVersion = 5;

    /// <summary>Null for a run that ended as planned.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public PartialRun? Partial { get; init; }
}
