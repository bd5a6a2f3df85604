using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Diagnostics;

public sealed class DiagnosticsOptions : IValidatableObject
{
    public const string SectionName = "Diagnostics";

    [Range(100, 60_000,
        ErrorMessage = "must be between {1} and {2} ms")]
    public int SampleIntervalMs { get; set; } = 1000;

    [Range(10, 1_000_000,
        ErrorMessage = "must be between {1} and {2} samples")]
    public int TimelineCapacity { get; set; } = 3600;

    /// <summary>Read after the app stops: asking a starved app over HTTP means waiting behind its whole queue.</summary>
    public string? TimelineFile { get; set; }

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (string.IsNullOrEmpty(TimelineFile))
        {
            return [];
        }

        // Opening it to append, as the sampler will, is the only honest test of "writable" (it creates a missing file).
        try
        {
            using var probe = new FileStream(TimelineFile, FileMode.Append, FileAccess.Write, FileShare.ReadWrite);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            return [new ValidationResult($"must name a file the app can create or append to ({ex.Message})", [nameof(TimelineFile)])];
        }

        return [];
    }
}
