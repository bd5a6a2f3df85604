namespace AsyncCapacity.Web.Database;

/// <summary>A feature's table, created at start when missing by <see cref="DatabaseSchema"/>, in registration order.</summary>
public sealed record DatabaseTable(Func<DatabaseProvider, SqlStatement> CreateSchema);
