using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.RequestQueue;

/// <summary>
/// ASP.NET Core's counterpart of the classic request queue that answered "Server Too Busy": at most
/// <see cref="MaxConcurrent"/> experiment requests run at once, up to <see cref="Limit"/> more wait (oldest first,
/// without a thread), and the rest are refused at once with 503 and Retry-After. Off (0) by default.
/// </summary>
public sealed class RequestQueueOptions : IValidatableObject
{
    public const string SectionName = "RequestQueue";

    /// <summary>Experiment requests served at once; 0 turns the queue off.</summary>
    [Range(0, 100_000, ErrorMessage = "must be between {1} and {2} (0 turns the queue off)")]
    public int MaxConcurrent { get; set; }

    /// <summary>
    /// Requests that may wait for one of those places; beyond it, 503 (the classic default was 5000). Null when not
    /// set, so that a limit given without a concurrency is told apart from the default, whatever its value.
    /// </summary>
    [Range(0, 1_000_000, ErrorMessage = "must be between {1} and {2}")]
    public int? Limit { get; set; }

    /// <summary>The 503's Retry-After; null when not set, like <see cref="Limit"/>.</summary>
    [Range(1, 3600, ErrorMessage = "must be between {1} and {2}")]
    public int? RetryAfterSeconds { get; set; }

    public bool Enabled => MaxConcurrent > 0;

    /// <summary>The limit in force: <see cref="Limit"/>, or 100 when it is not set.</summary>
    public int LimitOrDefault => Limit ?? 100;

    /// <summary>The Retry-After in force: <see cref="RetryAfterSeconds"/>, or 1 when it is not set.</summary>
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
