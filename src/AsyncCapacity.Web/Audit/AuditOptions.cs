using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Audit;

/// <summary>The knobs of the audit pair: how many writers, how much queue, how big a batch, how slow a write.</summary>
public sealed class AuditOptions
{
    public const string SectionName = "Audit";

    /// <summary>Dedicated writer threads of the bounded log: the field report's 5.</summary>
    [Range(1, 64, ErrorMessage = "Audit:BoundedWriters (environment Audit__BoundedWriters) must be between {1} and {2}.")]
    public int BoundedWriters { get; set; } = 5;

    /// <summary>
    /// Entries the bounded log queues for its writers (two per writer); beyond it requests get 503 at once. Its request
    /// threads block while they wait, so the backlog mostly sits in the thread pool's queue, unseen, until the pool has
    /// grown more threads than writers + queue: then the 503s begin.
    /// </summary>
    [Range(1, 1_000_000, ErrorMessage = "Audit:BoundedQueueCapacity (environment Audit__BoundedQueueCapacity) must be between {1} and {2}.")]
    public int BoundedQueueCapacity { get; set; } = 10;

    /// <summary>Concurrent batch writers of the asynchronous log.</summary>
    [Range(1, 64, ErrorMessage = "Audit:AsyncWriters (environment Audit__AsyncWriters) must be between {1} and {2}.")]
    public int AsyncWriters { get; set; } = 2;

    [Range(1, 1_000_000, ErrorMessage = "Audit:AsyncQueueCapacity (environment Audit__AsyncQueueCapacity) must be between {1} and {2}.")]
    public int AsyncQueueCapacity { get; set; } = 2000;

    /// <summary>Most entries the asynchronous writer commits at once.</summary>
    [Range(1, 500, ErrorMessage = "Audit:BatchSize (environment Audit__BatchSize) must be between {1} and {2}.")]
    public int BatchSize { get; set; } = 50;

    /// <summary>
    /// Extra time every commit takes, as in a slow audit store (the field report's log disk). The bounded writers pay
    /// it per entry, the asynchronous writer per batch: that difference is the lesson. 0 measures the database alone.
    /// </summary>
    [Range(0, 10_000, ErrorMessage = "Audit:WriteDelayMs (environment Audit__WriteDelayMs) must be between {1} and {2}.")]
    public int WriteDelayMs { get; set; } = 30;

    /// <summary>The Retry-After a rejected request is told.</summary>
    [Range(1, 3600, ErrorMessage = "Audit:RetryAfterSeconds (environment Audit__RetryAfterSeconds) must be between {1} and {2}.")]
    public int RetryAfterSeconds { get; set; } = 1;

    /// <summary>Longest accepted request body.</summary>
    [Range(64, 1_048_576, ErrorMessage = "Audit:MaxBodyBytes (environment Audit__MaxBodyBytes) must be between {1} and {2}.")]
    public int MaxBodyBytes { get; set; } = 4096;
}
