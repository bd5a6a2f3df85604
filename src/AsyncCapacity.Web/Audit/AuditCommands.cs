using System.Data;
using System.Globalization;
using System.Text;
using AsyncCapacity.Web.Database;

namespace AsyncCapacity.Web.Audit;

public static class AuditCommands
{
    /// <summary>5 parameters each, of SQL Server's 2,100 per command, two of which sp_executesql uses itself.</summary>
    public const int SqlServerMaxEntries = 419;

    public static SqlStatement CreateSchema(DatabaseProvider provider) => provider switch
    {
        DatabaseProvider.PostgreSQL => new("""
            CREATE TABLE IF NOT EXISTS audit_log (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                entry_id uuid NOT NULL UNIQUE,
                variant text NOT NULL,
                actor text NOT NULL,
                action text NOT NULL,
                detail text NULL,
                created_at timestamptz NOT NULL DEFAULT now());
            """, []),
        DatabaseProvider.SqlServer => new("""
            IF OBJECT_ID(N'dbo.audit_log', N'U') IS NULL
                CREATE TABLE dbo.audit_log (
                    id bigint IDENTITY(1,1) NOT NULL PRIMARY KEY,
                    entry_id uniqueidentifier NOT NULL UNIQUE,
                    variant nvarchar(20) NOT NULL,
                    actor nvarchar(100) NOT NULL,
                    action nvarchar(100) NOT NULL,
                    detail nvarchar(1000) NULL,
                    created_at datetime2 NOT NULL DEFAULT SYSUTCDATETIME());
            """, []),
        _ => throw new ArgumentOutOfRangeException(nameof(provider), provider, "No database provider configured."),
    };

    public static SqlStatement Insert(IReadOnlyList<AuditEntry> entries)
    {
        ArgumentOutOfRangeException.ThrowIfZero(entries.Count);
        var text = new StringBuilder("INSERT INTO audit_log (entry_id, variant, actor, action, detail) VALUES ");
        var parameters = new List<SqlValue>(entries.Count * 5);
        for (var i = 0; i < entries.Count; i++)
        {
            var entry = entries[i];
            var n = i.ToString(CultureInfo.InvariantCulture);
            text.Append(i == 0 ? "" : ", ").Append(CultureInfo.InvariantCulture, $"(@e{n}, @v{n}, @a{n}, @c{n}, @d{n})");
            parameters.Add(new($"@e{n}", DbType.Guid, entry.Id));
            parameters.Add(new($"@v{n}", DbType.String, entry.Variant));
            parameters.Add(new($"@a{n}", DbType.String, entry.Request.Actor!));
            parameters.Add(new($"@c{n}", DbType.String, entry.Request.Action!));
            parameters.Add(new($"@d{n}", DbType.String, (object?)entry.Request.Detail ?? DBNull.Value));
        }

        return new SqlStatement(text.ToString(), parameters);
    }
}
