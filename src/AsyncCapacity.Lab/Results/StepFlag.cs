namespace AsyncCapacity.Lab.Results;

public sealed record StepFlag(StepFlagKind Kind)
{
    /// <summary>At 90% of the machine's CPU, k6 and the app compete for its cores: a probe is flagged (BusyMachine), a held load
    /// is bound by the machine, and a figure read there measured k6 as much as the app. One threshold for all three.</summary>
    public const double BusyMachinePercent = 90;

    public long? Requests { get; init; }

    public int? Clients { get; init; }

    public double? Seconds { get; init; }

    public long? Count { get; init; }

    public long? SessionsDropped { get; init; }

    public int? Needed { get; init; }

    public double? Ratio { get; init; }

    public double? Percent { get; init; }

    public double? LoadGeneratorPercent { get; init; }

    public string? Cpus { get; init; }

    /// <summary>An older file's sentence (a legacy flag), or the words a tool ended with (a load generator that failed).</summary>
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

    PastDeadline,

    /// <summary>Exit code in <see cref="StepFlag.Count"/>, k6's last words in <see cref="StepFlag.Text"/>.</summary>
    LoadGeneratorFailed,

    /// <summary>The SLA missed while the app's CPU quota ran out: throttled periods in <see cref="StepFlag.Count"/> of
    /// <see cref="StepFlag.Requests"/> periods, the time throttled in <see cref="StepFlag.Seconds"/>.</summary>
    Throttled,

    /// <summary>The runners of a split probe started further apart than a quarter of its warm-up: <see cref="StepFlag.Seconds"/>
    /// between the first and the last, of <see cref="StepFlag.Count"/> runners.</summary>
    RunnersApart,

    /// <summary>A runner of a split probe was at its CPU's limit: the runner in <see cref="StepFlag.Text"/>, its CPU in
    /// <see cref="StepFlag.Percent"/> of its <see cref="StepFlag.Needed"/> CPUs.</summary>
    RunnerLimit,
}
