namespace AsyncCapacity.Web.Database;

public enum DatabaseProvider
{
    None,
    PostgreSQL,
    SqlServer,
}
