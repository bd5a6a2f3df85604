using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>One load held on a fresh app for up to --sustain's horizon, second by second: when (if ever) every later second
/// met the SLA, and what the app paid for it then.</summary>
/// <param name="CaughtUpAt">The first second from which every later second met the SLA; null: never within the held load.</param>
public sealed record SustainedHold(
    int Concurrency, int HeldSeconds, int? CaughtUpAt, HoldEnd EndedBy, IReadOnlyList<HeldSecond> Seconds)
{
    /// <summary>The pool's threads, the working set and the CPU at the catch-up, or at the held load's end when it never caught up.
    /// </summary>
    public HoldCost? Cost { get; init; }

    /// <summary>What the injection laws predicted for this load before it ran.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public CatchUpForecast? Forecast { get; init; }

    /// <summary>Why the held load measured nothing, as a failed probe keeps it: its words are made where it is shown.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public StepFlag? Failure { get; init; }

    /// <summary>The machine's CPU (of all its cores) over the held load's last span: app, k6 and any database share it.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? MachineCpuPercent { get; init; }

    /// <summary>k6's own CPU over the same span: at the machine's limit, the load generator is measured as much as the app.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? LoadGeneratorCpuPercent { get; init; }

    [JsonIgnore]
    public bool CaughtUp => CaughtUpAt is not null;
}

[JsonConverter(typeof(JsonStringEnumConverter<HoldEnd>))]
public enum HoldEnd
{
    /// <summary>Caught up, and stayed so for the confirmation span: nothing more to learn from holding it.</summary>
    [JsonStringEnumMemberName("caughtUp")]
    CaughtUp,

    [JsonStringEnumMemberName("horizon")]
    Horizon,

    /// <summary>The held load could not be measured (k6 or the app failed, or its deadline passed).</summary>
    [JsonStringEnumMemberName("failed")]
    Failed,
}

public sealed record HoldCost(int? PoolThreads, double? WorkingSetMb, double? CpuPercent);
