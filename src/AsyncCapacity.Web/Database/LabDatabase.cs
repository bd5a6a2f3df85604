using System.Data.Common;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Web.Database;

public sealed class LabDatabase : IAsyncDisposable
{
    private readonly DbDataSource? _dataSource;
    private readonly int _commandTimeoutSeconds;

    public LabDatabase(IOptions<DatabaseOptions> options, DbPoolGauge pool)
    {
        var settings = options.Value;
        Provider = settings.Provider;
        MaxPoolSize = settings.MaxPoolSize;
        Pool = pool;
        _commandTimeoutSeconds = settings.CommandTimeoutSeconds;
        if (settings.Provider != DatabaseProvider.None)
        {
            var profile = ProviderProfile.For(settings.Provider);
            _dataSource = profile.Factory.CreateDataSource(profile.ConnectionString(settings));
        }
    }

    public DatabaseProvider Provider { get; }

    public int MaxPoolSize { get; }

    public DbPoolGauge Pool { get; }

    public string? Unavailable => _dataSource is null
        ? "No database is configured. Set Database:Provider (PostgreSQL or SqlServer) and Database:ConnectionString "
            + "(environment Database__Provider and Database__ConnectionString)."
        : null;

    /// <summary>Blocks this thread while the pool has none free.</summary>
    public PooledConnection Open()
    {
        var connection = DataSource.CreateConnection();
        var started = Pool.StartWaiting();
        try
        {
            connection.Open();
        }
        catch
        {
            Pool.StopWaiting(started, opened: false);
            connection.Dispose();
            throw;
        }

        Pool.StopWaiting(started, opened: true);
        return new PooledConnection(this, connection);
    }

    /// <summary>While the pool has none free the request waits without a thread.</summary>
    public async Task<PooledConnection> OpenAsync(CancellationToken cancellationToken)
    {
        var connection = DataSource.CreateConnection();
        var started = Pool.StartWaiting();
        try
        {
            await connection.OpenAsync(cancellationToken);
        }
        catch
        {
            Pool.StopWaiting(started, opened: false);
            await connection.DisposeAsync();
            throw;
        }

        Pool.StopWaiting(started, opened: true);
        return new PooledConnection(this, connection);
    }

    internal DbCommand CreateCommand(DbConnection connection, string sql)
    {
        var command = connection.CreateCommand();
        command.CommandText = sql;
        command.CommandTimeout = _commandTimeoutSeconds;
        return command;
    }

    public ValueTask DisposeAsync() => _dataSource?.DisposeAsync() ?? ValueTask.CompletedTask;

    private DbDataSource DataSource => _dataSource ?? throw new InvalidOperationException(Unavailable);
}
