using System.Data.Common;

namespace AsyncCapacity.Web.Database;

internal static class DatabaseFailure
{
    /// <summary>SqlClient's exhausted pool is an InvalidOperationException naming the pool; anything else stays a 500.</summary>
    public static bool IsUnavailable(Exception exception) =>
        exception is DbException or TimeoutException
        || (exception is InvalidOperationException && exception.Message.Contains("pool", StringComparison.OrdinalIgnoreCase));
}
