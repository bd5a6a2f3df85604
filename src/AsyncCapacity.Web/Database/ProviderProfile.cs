using System.Data.Common;
using Microsoft.Data.SqlClient;
using Npgsql;

namespace AsyncCapacity.Web.Database;

/// <summary>What differs between the drivers, as data: everything else is plain ADO.NET, the same code on either database.</summary>
internal sealed record ProviderProfile(
    DbProviderFactory Factory,
    string PoolSizeKey,
    string TimeoutKey,
    string CommandTimeoutKey,
    IReadOnlyDictionary<string, object> Fixed)
{
    public static ProviderProfile For(DatabaseProvider provider) => provider switch
    {
        DatabaseProvider.PostgreSQL => new(NpgsqlFactory.Instance, "Maximum Pool Size", "Timeout", "Command Timeout",
            new Dictionary<string, object>()),
        DatabaseProvider.SqlServer => new(SqlClientFactory.Instance, "Max Pool Size", "Connect Timeout", "Command Timeout",
            // MARS on Linux is a known source of thread starvation in SqlClient (https://github.com/dotnet/SqlClient/issues/422).
            new Dictionary<string, object> { ["MultipleActiveResultSets"] = false }),
        _ => throw new ArgumentOutOfRangeException(nameof(provider), provider, "No database provider configured."),
    };

    public string ConnectionString(DatabaseOptions options)
    {
        var builder = Factory.CreateConnectionStringBuilder()
            ?? throw new InvalidOperationException($"{options.Provider}'s driver has no connection string builder.");
        builder.ConnectionString = options.ConnectionString;
        builder[PoolSizeKey] = options.MaxPoolSize;
        builder[TimeoutKey] = options.TimeoutSeconds;
        builder[CommandTimeoutKey] = options.CommandTimeoutSeconds;
        foreach (var (key, value) in Fixed)
        {
            builder[key] = value;
        }

        return builder.ConnectionString;
    }
}
