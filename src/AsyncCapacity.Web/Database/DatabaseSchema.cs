namespace AsyncCapacity.Web.Database;

/// <summary>Creates every feature's table at start when missing; a database that never answers fails the start.</summary>
internal sealed class DatabaseSchema(LabDatabase database, IEnumerable<DatabaseTable> tables, ILogger<DatabaseSchema> logger)
    : IHostedService
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
                foreach (var table in tables)
                {
                    await using var command = lease.Command(table.CreateSchema(database.Provider));
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
