using System.Diagnostics;
using AsyncCapacity.Web.Audit;
using AsyncCapacity.Web.Database;
using AsyncCapacity.Web.Experiments;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.Database;

/// <summary>SQL Server support that runs everywhere, with SqlClient compiled in and no server at all.</summary>
public sealed class SqlServerWithoutServerTests
{
    [Fact]
    public void The_connection_string_gets_the_pool_size_timeouts_and_no_MARS()
    {
        // Arrange
        var options = new DatabaseOptions
        {
            Provider = DatabaseProvider.SqlServer,
            ConnectionString = "Server=mssql,1433;Database=tempdb;User Id=sa;Password=Secret-1;"
                + "TrustServerCertificate=True;MultipleActiveResultSets=True",
            MaxPoolSize = 42,
            TimeoutSeconds = 7,
            CommandTimeoutSeconds = 9,
        };

        // Act
        var built = new SqlConnectionStringBuilder(ProviderProfile.For(DatabaseProvider.SqlServer).ConnectionString(options));

        // Assert
        Assert.Equal("mssql,1433", built.DataSource);
        Assert.Equal(42, built.MaxPoolSize);
        Assert.Equal(7, built.ConnectTimeout);
        Assert.Equal(9, built.CommandTimeout);
        Assert.False(built.MultipleActiveResultSets);
        Assert.True(built.TrustServerCertificate);
        Assert.Same(SqlClientFactory.Instance, ProviderProfile.For(DatabaseProvider.SqlServer).Factory);
    }

    [Fact]
    public async Task A_closed_port_fails_fast_with_a_503_naming_the_cause()
    {
        // Arrange
        var port = AsyncCapacity.Cli.Targets.LoopbackPort.Free();
        await using var database = new LabDatabase(Options.Create(new DatabaseOptions
        {
            Provider = DatabaseProvider.SqlServer,
            ConnectionString = $"Server=127.0.0.1,{port};User Id=sa;Password=Secret-1;TrustServerCertificate=True;ConnectRetryCount=0",
            TimeoutSeconds = 1,
        }), new DbPoolGauge(Options.Create(new DatabaseOptions())));
        var clock = Stopwatch.StartNew();

        // Act
        var result = await DbEndpoints.Async("10", database, CancellationToken.None);

        // Assert
        var problem = Assert.IsType<ProblemHttpResult>(result.Result);
        Assert.Equal(StatusCodes.Status503ServiceUnavailable, problem.StatusCode);
        Assert.Equal("Database unavailable", problem.ProblemDetails.Title);
        Assert.Contains("server", problem.ProblemDetails.Detail, StringComparison.OrdinalIgnoreCase);
        // SqlClient retries a refused connection until its connect timeout: the 1 s given here, not the driver's default
        // 15 s (which fails after about 14 s)
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(10),
            $"a refused connection took {clock.Elapsed.TotalSeconds:0.0} s to fail: was its 1 s connect timeout applied?");
    }

    [Theory]
    [InlineData(419, true)]
    [InlineData(420, false)]
    public async Task An_audit_batch_must_fit_in_one_SQL_Server_command(int batchSize, bool valid)
    {
        // Arrange
        var settings = Infrastructure.AppHostFixture.DefaultSettings();
        settings["Database:Provider"] = "SqlServer";
        settings["Database:ConnectionString"] = "Server=x";
        settings["Audit:BatchSize"] = batchSize.ToString(System.Globalization.CultureInfo.InvariantCulture);

        // Act: the settings are checked while the app is built, before anything starts or connects
        Microsoft.AspNetCore.Builder.WebApplication? app = null;
        var error = Record.Exception(() => app = Infrastructure.AppHostFixture.Build(settings));
        if (app is not null)
        {
            await app.DisposeAsync();
        }

        // Assert
        Assert.Equal(valid, error is null);
        if (!valid)
        {
            Assert.Contains($"Audit:BatchSize (environment Audit__BatchSize) must be at most 419 with SQL Server, "
                + $"whose commands take at most 2,100 parameters (5 per entry); got {batchSize}.",
                Assert.IsType<OptionsValidationException>(error).Failures);
        }
    }

    [Fact]
    public void The_largest_allowed_batch_stays_within_SQL_Servers_parameter_limit()
    {
        // Arrange
        var entries = Enumerable.Range(0, AuditCommands.SqlServerMaxEntries)
            .Select(i => new AuditEntry("async", new AuditRequest($"actor{i}", "checkout", null))).ToList();

        // Act
        var statement = AuditCommands.Insert(entries);

        // Assert: SQL Server refuses a command of more than 2,100 parameters, sp_executesql's own two included
        Assert.True(statement.Parameters.Count + 2 <= 2100, $"{statement.Parameters.Count} parameters");
    }
}
