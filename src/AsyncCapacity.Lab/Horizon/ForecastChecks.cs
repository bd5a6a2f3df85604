using System.Text.Json;
using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Horizon;

/// <summary>`capacity forecast --check` as recorded: every held load of the runs checked, each beside the band simulated for it
/// with <paramref name="Runs"/> seeds. The simulation is seeded, so the same runs and code give the same record; docs/findings.md
/// renders its table from it (`capacity docs render`) rather than simulating again on every check of the docs.</summary>
public sealed record ForecastChecks(int Runs, IReadOnlyList<CheckedHold> Holds)
{
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web) { WriteIndented = true };

    /// <summary>The command that made the record, as typed ("capacity forecast --check … --runs 10").</summary>
    public string? Command { get; init; }

    /// <summary>The day it was made.</summary>
    public DateOnly? On { get; init; }

    /// <summary>Held loads whose band and catch-up both hold (<see cref="BandCheck.Holds"/>).</summary>
    [JsonIgnore]
    public int Holding => Holds.Count(h => h.Check.Holds);

    public string ToJson() => JsonSerializer.Serialize(this, Options) + "\n";

    public static ForecastChecks FromJson(string json) =>
        JsonSerializer.Deserialize<ForecastChecks>(json, Options) ?? throw new JsonException("no forecast check in the file");
}

/// <summary>One held load of a recorded run (<paramref name="Run"/>, the results file's name) and its check.</summary>
/// <param name="HeldSeconds">How long the load was held: "never within" that.</param>
public sealed record CheckedHold(string Run, string Experiment, string Variant, double HeldSeconds, BandCheck Check);
