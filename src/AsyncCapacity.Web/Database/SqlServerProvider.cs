using System.Data.Common;

namespace AsyncCapacity.Web.Database;

/// <summary>
/// Microsoft.Data.SqlClient, found by name at run time. Builds made with -p:WithSqlServer=true (the Docker image)
/// ship it; other builds say how to get it instead of failing on a missing assembly.
/// </summary>
internal static class SqlServerProvider
{
    private const string FactoryType = "Microsoft.Data.SqlClient.SqlClientFactory, Microsoft.Data.SqlClient";

    public static DbProviderFactory Factory() =>
        Type.GetType(FactoryType, throwOnError: false)?.GetField("Instance")?.GetValue(null) as DbProviderFactory
        ?? throw new InvalidOperationException(
            "Database:Provider is SqlServer, but this build does not include Microsoft.Data.SqlClient. "
            + "Build the app with -p:WithSqlServer=true (the Docker image does), or use Database:Provider PostgreSQL.");
}
