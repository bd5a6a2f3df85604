namespace AsyncCapacity.Web.Database;

public sealed record DatabaseTable(Func<DatabaseProvider, SqlStatement> CreateSchema);
