using System.Data;
using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Database;

namespace AsyncCapacity.Tests.Audit;

public sealed class AuditCommandsTests
{
    [Fact]
    public void A_batch_is_one_parameterised_multi_row_insert()
    {
        // Arrange
        var entries = new[]
        {
            new AuditEntry("async", new AuditRequest("alice", "login", null)),
            new AuditEntry("async", new AuditRequest("bob'); DROP TABLE audit_log; --", "pay", "50 EUR")),
        };

        // Act
        var statement = AuditCommands.Insert(entries);

        // Assert
        Assert.Equal(
            "INSERT INTO audit_log (entry_id, variant, actor, action, detail) VALUES (@e0, @v0, @a0, @c0, @d0), (@e1, @v1, @a1, @c1, @d1)",
            statement.Text);
        Assert.Equal(10, statement.Parameters.Count);
        Assert.Equal(new SqlValue("@e1", DbType.Guid, entries[1].Id), statement.Parameters[5]);
        Assert.Equal(new SqlValue("@a1", DbType.String, "bob'); DROP TABLE audit_log; --"), statement.Parameters[7]);
        Assert.Equal(DBNull.Value, statement.Parameters[4].Value);
    }

    [Fact]
    public void An_empty_batch_is_refused() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => AuditCommands.Insert([]));

    [Theory]
    [InlineData(DatabaseProvider.PostgreSQL, "CREATE TABLE IF NOT EXISTS audit_log")]
    [InlineData(DatabaseProvider.SqlServer, "IF OBJECT_ID(N'dbo.audit_log', N'U') IS NULL")]
    public void The_audit_table_is_created_only_when_missing_with_a_unique_entry_id(DatabaseProvider provider, string guard)
    {
        // Act
        var statement = AuditCommands.CreateSchema(provider);

        // Assert
        Assert.Contains(guard, statement.Text, StringComparison.Ordinal);
        Assert.Contains("NOT NULL UNIQUE", statement.Text, StringComparison.Ordinal);
    }

    [Fact]
    public void An_entry_goes_either_to_a_writer_or_back_to_its_request_never_both()
    {
        // Arrange
        var claimed = new AuditEntry("bounded", new AuditRequest("a", "b", null));
        var abandoned = new AuditEntry("bounded", new AuditRequest("a", "b", null));

        // Act + Assert
        Assert.True(claimed.TryClaim());
        Assert.False(claimed.TryAbandon());
        Assert.True(abandoned.TryAbandon());
        Assert.False(abandoned.TryClaim());
    }
}
