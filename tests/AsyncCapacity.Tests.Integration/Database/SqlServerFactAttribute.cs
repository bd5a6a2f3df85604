namespace AsyncCapacity.Tests.Database;

/// <summary>Runs only where a SQL Server is given: SQLSERVER_CONNECTION_STRING.</summary>
public sealed class SqlServerFactAttribute : FactAttribute
{
    public const string Variable = "SQLSERVER_CONNECTION_STRING";

    public SqlServerFactAttribute()
    {
        if (string.IsNullOrWhiteSpace(Environment.GetEnvironmentVariable(Variable)))
        {
            Skip = $"SQL Server tests skipped: set {Variable} "
                + "(e.g. Server=127.0.0.1,1433;User Id=sa;Password=...;TrustServerCertificate=True).";
        }
    }
}
