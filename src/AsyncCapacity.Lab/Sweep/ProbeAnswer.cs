using System.Text.Json.Serialization;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;

namespace AsyncCapacity.Lab.Sweep;

/// <summary>What a probe gave: a search probe its step, analysed once (a failed probe's step says why in its flags), a hold its
/// reading; and what it read of the app.</summary>
/// <param name="App">The app's description (cores, pool minimum, database): the laws read the run through it.</param>
/// <param name="ReadFromOutside">The app's runtime was read over EventPipe, not asked of the app.</param>
public sealed record ProbeAnswer(AnalysedStep? Step, RuntimeReport? App = null, bool ReadFromOutside = false)
{
    /// <summary>A hold's reading (<see cref="HoldProbe"/>).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public SustainedHold? Hold { get; init; }

    /// <summary>A search probe's step: every search probe answers with one.</summary>
    [JsonIgnore]
    public AnalysedStep Measured => Step ?? throw new InvalidOperationException("A search probe was answered without its step.");

    /// <summary>Taken from the record of an interrupted sweep rather than measured now.</summary>
    [JsonIgnore]
    public bool Replayed { get; init; }
}
