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
    [Range(0, 100_000, ErrorMessage = "RequestQueue:MaxConcurrent (environment RequestQueue__MaxConcurrent) must be between {1} and {2}; 0 turns the queue off.")]
    public int MaxConcurrent { get; set; }

    /// <summary>Requests that may wait for one of those places; beyond it, 503 (the classic default was 5000).</summary>
    [Range(0, 1_000_000, ErrorMessage = "RequestQueue:Limit (environment RequestQueue__Limit) must be between {1} and {2}.")]
    public int Limit { get; set; } = 100;

    [Range(1, 3600, ErrorMessage = "RequestQueue:RetryAfterSeconds (environment RequestQueue__RetryAfterSeconds) must be between {1} and {2}.")]
    public int RetryAfterSeconds { get; set; } = 1;

    public bool Enabled => MaxConcurrent > 0;

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        // A limit without a concurrency would look like a queue and do nothing: say so at start.
        if (!Enabled && Limit != 100)
        {
            yield return new ValidationResult(
                "RequestQueue:Limit (environment RequestQueue__Limit) is set but RequestQueue:MaxConcurrent is 0, which turns the queue off; set both.",
                [nameof(Limit)]);
        }
    }
}
