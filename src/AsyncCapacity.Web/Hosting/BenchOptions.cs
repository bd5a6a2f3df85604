using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Hosting;

/// <summary>
/// bench/pipeline.sh's switch: <c>Bench:Without</c> (environment Bench__Without, comma-separated) leaves pieces of the
/// pipeline out, a run at a time, so that the bench can table what each costs a request. Nothing else sets it: without
/// them the app breaks its contracts (Server-Timing on every response, ProblemDetails for errors).
/// </summary>
public sealed class BenchOptions : IValidatableObject
{
    public const string SectionName = "Bench";

    /// <summary>Server-Timing and the requests-in-flight count (one middleware).</summary>
    public const string Timing = "timing";

    public const string ExceptionHandler = "exception-handler";

    public const string StatusPages = "status-pages";

    /// <summary>The ProblemDetails service; the exception handler needs it, so it goes too.</summary>
    public const string ProblemDetails = "problem-details";

    /// <summary>The WebSocket middleware, wherever it runs.</summary>
    public const string WebSockets = "websockets";

    /// <summary>The declared experiments' routes: the app keeps /hello, /healthz and /diag/*.</summary>
    public const string Experiments = "experiments";

    /// <summary>What reads the runtime beside the requests: the sampler's thread, the lab's meter and the runtime-event
    /// listeners they start (the pool's adjustments, Kestrel's connections).</summary>
    public const string RuntimeReaders = "runtime-readers";

    public static IReadOnlyList<string> Pieces { get; } =
        [Timing, ExceptionHandler, StatusPages, ProblemDetails, WebSockets, Experiments, RuntimeReaders];

    public string? Without { get; set; }

    /// <summary>Read while the services are registered, before settings are validated: an unknown name only fails later.</summary>
    public static BenchOptions Read(IConfiguration configuration) =>
        new() { Without = configuration[$"{SectionName}:{nameof(Without)}"] };

    public bool Keeps(string piece) =>
        !Named().Contains(piece, StringComparer.Ordinal) && (piece != ExceptionHandler || Keeps(ProblemDetails));

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (Named().Where(name => !Pieces.Contains(name, StringComparer.Ordinal)).ToList() is { Count: > 0 } unknown)
        {
            yield return new ValidationResult(
                $"names no piece of the pipeline ({string.Join(", ", unknown)}); the pieces are {string.Join(", ", Pieces)}",
                [nameof(Without)]);
        }
    }

    private string[] Named() =>
        string.IsNullOrWhiteSpace(Without)
            ? []
            : Without.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
}
