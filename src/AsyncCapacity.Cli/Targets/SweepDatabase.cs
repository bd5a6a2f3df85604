

using AsyncCapacity.Cli.Options;
using AsyncCapacity.Cli.Output;

namespace AsyncCapacity.Cli.Targets;

/// <summary>The database the sweep hands to the apps it starts for database experiments: the one given on the command line, else a private
/// PostgreSQL started here (and removed on dispose), else none, with the reason those experiments are skipped.</summary>
internal sealed class SweepDatabase : IAsyncDisposable
{
    private readonly PrivatePostgres? _owned;

    private SweepDatabase(string? provider, string? connectionString, string? skippedReason, PrivatePostgres? owned)
    {
        Provider = provider;
        ConnectionString = connectionString;
        SkippedReason = skippedReason;
        _owned = owned;
    }

    public string? Provider { get; }

    public string? ConnectionString { get; }

    public string? SkippedReason { get; }

    public static SweepDatabase None { get; } = new(null, null, null, null);

    public static async Task<SweepDatabase> PrepareAsync(
        DatabaseSettings settings, string logDirectory, ConsoleProgress progress, CancellationToken cancellationToken, string? cpus = null)
    {
        if (settings.ConnectionString is not null)
        {
            return new SweepDatabase(settings.Provider, settings.ConnectionString, null, null);
        }

        if (PrivatePostgres.Unavailable() is { } reason)
        {
            return new SweepDatabase(null, null, reason, null);
        }

        progress.Info("Starting a private PostgreSQL on loopback (removed at the end)...");
        var postgres = await PrivatePostgres.StartAsync(logDirectory, maxConnections: settings.PoolSize + 50, cancellationToken, cpus);
        return new SweepDatabase("PostgreSQL", postgres.ConnectionString, null, postgres);
    }

    public ValueTask DisposeAsync() => _owned?.DisposeAsync() ?? ValueTask.CompletedTask;
}
