using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.RequestQueue;

/// <summary>ASP.NET Core's counterpart of the classic "Server Too Busy" queue: the waiting hold no thread. Off by default.</summary>
public sealed class RequestQueueOptions : IValidatableObject
{
    public const string SectionName = "RequestQueue";

    [Range(0, 100_000, ErrorMessage = "must be between {1} and {2} (0 turns the queue off)")]
    public int MaxConcurrent { get; set; }

    /// <summary>Null when not set, so that a limit given without a concurrency is told apart from the default.</summary>
    [Range(0, 1_000_000, ErrorMessage = "must be between {1} and {2}")]
    public int? Limit { get; set; }

    [Range(1, 3600, ErrorMessage = "must be between {1} and {2}")]
    public int? RetryAfterSeconds { get; set; }

    public bool Enabled => MaxConcurrent > 0;

    public int LimitOrDefault => Limit ?? 100;

    public int RetryAfterSecondsOrDefault => RetryAfterSeconds ?? 1;

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        // A queue setting without a concurrency would look like a queue and do nothing: say so at start.
        if (!Enabled && Limit is not null)
        {
            yield return new ValidationResult(
                "is set but RequestQueue:MaxConcurrent is 0, which turns the queue off: set both", [nameof(Limit)]);
        }

        if (!Enabled && RetryAfterSeconds is not null)
        {
            yield return new ValidationResult(
                "is set but RequestQueue:MaxConcurrent is 0, which turns the queue off: set both", [nameof(RetryAfterSeconds)]);
        }
    }
}
