using System.Data.Common;

namespace AsyncCapacity.Web.Database;

/// <summary>Disposing it gives it back and tells the gauge.</summary>
public sealed class PooledConnection(LabDatabase database, DbConnection connection) : IDisposable, IAsyncDisposable
{
    public DbCommand WaitCommand(int delayMs) => Command(ProbeCommands.WaitThenSelect(database.Provider, delayMs));

    public void Dispose()
    {
        connection.Dispose();
        database.Pool.Released();
    }

    public async ValueTask DisposeAsync()
    {
        await connection.DisposeAsync();
        database.Pool.Released();
    }

    public DbCommand Command(SqlStatement statement)
    {
        var command = database.CreateCommand(connection, statement.Text);
        foreach (var value in statement.Parameters)
        {
            var parameter = command.CreateParameter();
            parameter.ParameterName = value.Name;
            parameter.DbType = value.Type;
            parameter.Value = value.Value;
            command.Parameters.Add(parameter);
        }

        return command;
    }
}
