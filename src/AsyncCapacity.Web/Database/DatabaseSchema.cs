namespace AsyncCapacity.Web.Database;

/// <summary>Creates the probe table and the audit log at start when missing; a database that never answers fails the start.</summary>
internal sealed class DatabaseSchema(LabDatabase database, ILogger<DatabaseSchema> logger) : IHostedService
{
    private const int Attempts = 10;
    private static readonly TimeSpan BetweenAttempts = TimeSpan.FromSeconds(2);

    public async Task StartAsync(CancellationToken cancellationToken)
    {
        if (database.Unavailable is not null)
        {
            logger.LogWarning("{Reason} The db experiment will answer 503 until then.", database.Unavailable);
            return;
        }

        for (var attempt = 1; ; attempt++)
        {
            try
            {
                await using var lease = await database.OpenAsync(cancellationToken);
                var statements = new[]
                {
                    ProbeCommands.CreateSchema(database.Provider), Audit.AuditCommands.CreateSchema(database.Provider),
                };
                foreach (var statement in statements)
                {
                    await using var command = lease.Command(statement);
                    await command.ExecuteNonQueryAsync(cancellationToken);
                }

                return;
            }
            catch (Exception ex) when (DatabaseFailure.IsUnavailable(ex) && attempt < Attempts)
            {
                logger.LogWarning("{Provider} is not answering yet ({Message}); attempt {Attempt} of {Attempts}.",
                    database.Provider, ex.Message, attempt, Attempts);
                await Task.Delay(BetweenAttempts, cancellationToken);
            }
            catch (Exception ex) when (DatabaseFailure.IsUnavailable(ex))
            {
                throw new InvalidOperationException(
                    $"{database.Provider} did not answer after {Attempts} attempts: {ex.Message} "
                    + "Check Database:ConnectionString (environment Database__ConnectionString).", ex);
            }
        }
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
