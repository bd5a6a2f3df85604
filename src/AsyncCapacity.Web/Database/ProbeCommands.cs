using System.Data;
using System.Globalization;

namespace AsyncCapacity.Web.Database;

/// <summary>Parameterised, so the delay is data and never part of the SQL text.</summary>
public static class ProbeCommands
{
    public const int ProbeRowId = 1;
    public const string ProbePayload = "served by the database";

    public static SqlStatement WaitThenSelect(DatabaseProvider provider, int delayMs) => provider switch
    {
        // pg_sleep returns void; as a column of the same statement it runs once, before the row is returned.
        DatabaseProvider.PostgreSQL => new(
            "SELECT id, payload, pg_sleep(@seconds) FROM db_probe WHERE id = @id",
            [new("@seconds", DbType.Double, delayMs / 1000.0), new("@id", DbType.Int32, ProbeRowId)]),
        // WAITFOR DELAY takes 'hh:mm:ss.fff'; the SELECT after it is the batch's only result set.
        DatabaseProvider.SqlServer => new(
            "WAITFOR DELAY @delay; SELECT id, payload FROM dbo.db_probe WHERE id = @id;",
            [new("@delay", DbType.AnsiString, WaitForDelay(delayMs)), new("@id", DbType.Int32, ProbeRowId)]),
        _ => throw new ArgumentOutOfRangeException(nameof(provider), provider, "No database provider configured."),
    };

    public static SqlStatement CreateSchema(DatabaseProvider provider) => provider switch
    {
        DatabaseProvider.PostgreSQL => new("""
            CREATE TABLE IF NOT EXISTS db_probe (id integer PRIMARY KEY, payload text NOT NULL);
            INSERT INTO db_probe (id, payload) VALUES (@id, @payload) ON CONFLICT (id) DO NOTHING;
            """, RowParameters),
        DatabaseProvider.SqlServer => new("""
            IF OBJECT_ID(N'dbo.db_probe', N'U') IS NULL
                CREATE TABLE dbo.db_probe (id int NOT NULL PRIMARY KEY, payload nvarchar(200) NOT NULL);
            IF NOT EXISTS (SELECT 1 FROM dbo.db_probe WHERE id = @id)
                INSERT INTO dbo.db_probe (id, payload) VALUES (@id, @payload);
            """, RowParameters),
        _ => throw new ArgumentOutOfRangeException(nameof(provider), provider, "No database provider configured."),
    };

    public static string WaitForDelay(int delayMs) =>
        TimeSpan.FromMilliseconds(delayMs).ToString(@"hh\:mm\:ss\.fff", CultureInfo.InvariantCulture);

    private static IReadOnlyList<SqlValue> RowParameters { get; } =
        [new("@id", DbType.Int32, ProbeRowId), new("@payload", DbType.String, ProbePayload)];
}
