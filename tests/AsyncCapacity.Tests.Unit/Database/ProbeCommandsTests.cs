using System.Data;
using AsyncCapacity.Web.Database;
using Microsoft.Extensions.Options;
using Npgsql;

namespace AsyncCapacity.Tests.Database;

public sealed class ProbeCommandsTests
{
    [Fact]
    public void SQL_Server_waits_with_WAITFOR_DELAY_given_as_a_parameter_then_selects_the_row()
    {
        // Act
        var statement = ProbeCommands.WaitThenSelect(DatabaseProvider.SqlServer, 50);

        // Assert
        Assert.Equal("WAITFOR DELAY @delay; SELECT id, payload FROM dbo.db_probe WHERE id = @id;", statement.Text);
        Assert.Equal(
            [new SqlValue("@delay", DbType.AnsiString, "00:00:00.050"), new SqlValue("@id", DbType.Int32, 1)],
            statement.Parameters);
    }

    [Fact]
    public void PostgreSQL_waits_with_pg_sleep_in_seconds_given_as_a_parameter()
    {
        // Act
        var statement = ProbeCommands.WaitThenSelect(DatabaseProvider.PostgreSQL, 1500);

        // Assert
        Assert.Equal("SELECT id, payload, pg_sleep(@seconds) FROM db_probe WHERE id = @id", statement.Text);
        Assert.Equal(
            [new SqlValue("@seconds", DbType.Double, 1.5), new SqlValue("@id", DbType.Int32, 1)],
            statement.Parameters);
    }

    [Theory]
    [InlineData(0, "00:00:00.000")]
    [InlineData(1, "00:00:00.001")]
    [InlineData(50, "00:00:00.050")]
    [InlineData(10_000, "00:00:10.000")]
    public void WAITFOR_DELAY_is_written_as_hours_minutes_seconds_and_milliseconds(int ms, string expected) =>
        Assert.Equal(expected, ProbeCommands.WaitForDelay(ms));

    [Theory]
    [InlineData(DatabaseProvider.PostgreSQL, "CREATE TABLE IF NOT EXISTS db_probe")]
    [InlineData(DatabaseProvider.SqlServer, "IF OBJECT_ID(N'dbo.db_probe', N'U') IS NULL")]
    public void The_schema_is_created_only_when_missing_with_a_parameterised_row(DatabaseProvider provider, string guard)
    {
        // Act
        var statement = ProbeCommands.CreateSchema(provider);

        // Assert
        Assert.Contains(guard, statement.Text, StringComparison.Ordinal);
        Assert.Equal(["@id", "@payload"], statement.Parameters.Select(p => p.Name));
        Assert.DoesNotContain("served by", statement.Text, StringComparison.Ordinal);
    }

    [Fact]
    public void PostgreSQL_connection_strings_get_the_configured_pool_size_and_timeouts()
    {
        // Arrange
        var options = new DatabaseOptions
        {
            Provider = DatabaseProvider.PostgreSQL,
            ConnectionString = "Host=127.0.0.1;Username=capacity;Maximum Pool Size=5",
            MaxPoolSize = 42,
            TimeoutSeconds = 3,
            CommandTimeoutSeconds = 7,
        };

        // Act
        var applied = new NpgsqlConnectionStringBuilder(ProviderProfile.For(options.Provider).ConnectionString(options));

        // Assert
        Assert.Equal(42, applied.MaxPoolSize);
        Assert.Equal(3, applied.Timeout);
        Assert.Equal(7, applied.CommandTimeout);
        Assert.Equal("capacity", applied.Username);
    }

    [Fact]
    public void The_app_refuses_to_start_with_a_provider_but_no_connection_string()
    {
        // Arrange
        var settings = Infrastructure.AppHostFixture.DefaultSettings();
        settings["Database:Provider"] = "PostgreSQL";

        // Act
        var error = Assert.Throws<OptionsValidationException>(() => Infrastructure.AppHostFixture.Build(settings));

        // Assert
        Assert.Contains("Database:ConnectionString (environment Database__ConnectionString) is required",
            error.Message, StringComparison.Ordinal);
    }
}
