namespace AsyncCapacity.Lab.Results;

/// <summary>A reason not to trust a step blindly: its kind and the figures its sentence shows (Report's FlagText).</summary>
public sealed record StepFlag(StepFlagKind Kind)
{
    public long? Requests { get; init; }

    public int? Clients { get; init; }

    public double? Seconds { get; init; }

    /// <summary>Clients unanswered, requests failed, arrivals dropped or sessions failed: what the kind counts.</summary>
    public long? Count { get; init; }

    public long? SessionsDropped { get; init; }

    public int? Needed { get; init; }

    /// <summary>Dropped arrivals' share of those offered, or Little's law's ratio.</summary>
    public double? Ratio { get; init; }

    public double? Percent { get; init; }

    public double? LoadGeneratorPercent { get; init; }

    public string? Cpus { get; init; }

    /// <summary>A flag read from a results file written when flags were sentences.</summary>
    public string? Text { get; init; }

    public static StepFlag Legacy(string text) => new(StepFlagKind.Legacy) { Text = text };
}

public enum StepFlagKind
{
    Legacy,
    NoneCompleted,
    ClientsUnanswered,
    TooFewToJudge,
    RequestsFailed,
    ArrivalsDropped,
    SessionsLost,
    LittlesLawNotSteady,
    LittlesLawClientPace,
    LittlesLawUnfinished,
    LoadGeneratorLimit,
    BusyMachine,
}
