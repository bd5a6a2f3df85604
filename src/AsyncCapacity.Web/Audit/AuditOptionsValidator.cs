using AsyncCapacity.Web.Database;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Audit;

/// <summary>The audit settings that depend on the database: a batch must fit in one command of the configured provider.</summary>
internal sealed class AuditOptionsValidator(IOptions<DatabaseOptions> database) : IValidateOptions<AuditOptions>
{
    public ValidateOptionsResult Validate(string? name, AuditOptions options) =>
        database.Value.Provider == DatabaseProvider.SqlServer && options.BatchSize > AuditCommands.SqlServerMaxEntries
            ? ValidateOptionsResult.Fail(
                $"Audit:BatchSize (environment Audit__BatchSize) must be at most {AuditCommands.SqlServerMaxEntries} with SQL Server, "
                + $"whose commands take at most 2,100 parameters (5 per entry); got {options.BatchSize}.")
            : ValidateOptionsResult.Success;
}
