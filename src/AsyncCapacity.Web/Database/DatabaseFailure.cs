using System.Data.Common;

namespace AsyncCapacity.Web.Database;

internal static class DatabaseFailure
{
    /// <summary>
    /// "Cannot serve this request now" (SqlClient's exhausted pool is an InvalidOperationException naming the pool) becomes
    /// a 503; anything else is a bug and stays a 500.
    /// </summary>
    public static bool IsUnavailable(Exception exception) =>
        exception is DbException or TimeoutException
        || (exception is InvalidOperationException && exception.Message.Contains("pool", StringComparison.OrdinalIgnoreCase));
}
