using System.ComponentModel.DataAnnotations;

namespace AsyncCapacity.Web.Database;

public enum DatabaseProvider
{
    /// <summary>No database configured: the db experiment answers 503 saying which settings to give.</summary>
    None,
    PostgreSQL,
    SqlServer,
}

/// <summary>The database behind the db experiment (and, later, the audit log).</summary>
public sealed class DatabaseOptions : IValidatableObject
{
    public const string SectionName = "Database";

    public DatabaseProvider Provider { get; set; } = DatabaseProvider.None;

    public string? ConnectionString { get; set; }

    /// <summary>Connections per app process. PostgreSQL's max_connections (default 100, 3 reserved) must leave room.</summary>
    [Range(1, 1000, ErrorMessage = "must be between {1} and {2}")]
    public int MaxPoolSize { get; set; } = 100;

    /// <summary>How long a request may wait for a pooled connection (and to connect) before it gets a 503.</summary>
    [Range(1, 600, ErrorMessage = "must be between {1} and {2}")]
    public int TimeoutSeconds { get; set; } = 15;

    /// <summary>How long one command may run before it is cancelled and the request gets a 503.</summary>
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
