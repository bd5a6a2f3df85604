using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Database;

public sealed class DatabaseOptions : IValidatableObject
{
    public const string SectionName = "Database";

    public DatabaseProvider Provider { get; set; } = DatabaseProvider.None;

    public string? ConnectionString { get; set; }

    /// <summary>Per app process: PostgreSQL's max_connections (default 100, 3 reserved) must leave room.</summary>
    [Range(1, 1000, ErrorMessage = "must be between {1} and {2}")]
    public int MaxPoolSize { get; set; } = 100;

    [Range(1, 600, ErrorMessage = "must be between {1} and {2}")]
    public int TimeoutSeconds { get; set; } = 15;

    [Range(1, 600, ErrorMessage = "must be between {1} and {2}")]
    public int CommandTimeoutSeconds { get; set; } = 30;

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (Provider != DatabaseProvider.None && string.IsNullOrWhiteSpace(ConnectionString))
        {
            yield return new ValidationResult($"is required when Database:Provider is {Provider}", [nameof(ConnectionString)]);
        }
    }
}
