using System.ComponentModel.DataAnnotations;
using AsyncCapacity.Web.Database;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Audit;

public sealed class AuditOptions : IValidatableObject
{
    public const string SectionName = "Audit";

    [Range(1, 64, ErrorMessage = "must be between {1} and {2}")]
    public int BoundedWriters { get; set; } = Hold.DefaultAuditWriters;

    /// <summary>The backlog sits unseen in the pool's queue until the pool has grown more threads than writers + queue.</summary>
    [Range(1, 1_000_000, ErrorMessage = "must be between {1} and {2}")]
    public int BoundedQueueCapacity { get; set; } = Hold.DefaultAuditQueue;

    [Range(1, 64, ErrorMessage = "must be between {1} and {2}")]
    public int AsyncWriters { get; set; } = 2;

    [Range(1, 1_000_000, ErrorMessage = "must be between {1} and {2}")]
    public int AsyncQueueCapacity { get; set; } = 2000;

    [Range(1, 500, ErrorMessage = "must be between {1} and {2}")]
    public int BatchSize { get; set; } = 50;

    /// <summary>The bounded writers pay it per entry, the asynchronous writer per batch: that difference is the lesson.</summary>
    [Range(0, 10_000, ErrorMessage = "must be between {1} and {2}")]
    public int WriteDelayMs { get; set; } = 30;

    [Range(1, 3600, ErrorMessage = "must be between {1} and {2}")]
    public int RetryAfterSeconds { get; set; } = 1;

    [Range(64, 1_048_576, ErrorMessage = "must be between {1} and {2}")]
    public int MaxBodyBytes { get; set; } = 4096;

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (validationContext.GetService(typeof(IOptions<DatabaseOptions>))
                is IOptions<DatabaseOptions> { Value.Provider: DatabaseProvider.SqlServer }
            && BatchSize > AuditCommands.SqlServerMaxEntries)
        {
            yield return new ValidationResult(
                $"must be at most {AuditCommands.SqlServerMaxEntries} with SQL Server, "
                + "whose commands take at most 2,100 parameters (5 per entry)",
                [nameof(BatchSize)]);
        }
    }
}
