using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Diagnostics;

public sealed class DiagnosticsOptions
{
    public const string SectionName = "Diagnostics";

    [Range(100, 60_000,
        ErrorMessage = "Diagnostics:SampleIntervalMs (environment Diagnostics__SampleIntervalMs) must be between {1} and {2} ms.")]
    public int SampleIntervalMs { get; set; } = 1000;

    /// <summary>How many samples the timeline keeps; at 1 Hz the default is an hour.</summary>
    [Range(10, 1_000_000,
        ErrorMessage = "Diagnostics:TimelineCapacity (environment Diagnostics__TimelineCapacity) must be between {1} and {2} samples.")]
    public int TimelineCapacity { get; set; } = 3600;

    /// <summary>
    /// Optional file the sampler also appends each sample to, one JSON object per line. A harness that owns the app
    /// reads it after stopping the app: asking a starved app over HTTP means waiting behind its whole queue.
    /// </summary>
    public string? TimelineFile { get; set; }
}
