using System.Data.Common;

namespace AsyncCapacity.Web.Database;

internal static class DatabaseFailure
{
    /// <summary>
    /// Failures that mean "the database cannot serve this request now": pool exhausted (Npgsql: NpgsqlException over a
    /// TimeoutException; SqlClient: InvalidOperationException "Timeout expired … max pool size was reached"), command
    /// timeouts, refused connections, server errors. They become 503s; anything else is a bug and stays a 500.
    /// </summary>
    public static bool IsUnavailable(Exception exception) =>
        exception is DbException or TimeoutException
        || (exception is InvalidOperationException && exception.Message.Contains("pool", StringComparison.OrdinalIgnoreCase));
}
