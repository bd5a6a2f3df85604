using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>A search probe's step (a failed one's says why in its flags) or a held load's reading, and what it read of the app.</summary>
/// <param name="App">The app's description (cores, pool minimum, database): the laws read the run through it.</param>
public sealed record ProbeAnswer(AnalysedStep? Step, RuntimeReport? App = null, bool ReadFromOutside = false)
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public SustainedHold? Hold { get; init; }

    [JsonIgnore]
    public AnalysedStep Measured => Step ?? throw new InvalidOperationException("A search probe was answered without its step.");

    /// <summary>Taken from the record of an interrupted sweep rather than measured now.</summary>
    [JsonIgnore]
    public bool Replayed { get; init; }
}
