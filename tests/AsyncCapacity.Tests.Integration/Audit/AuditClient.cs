using System.Net;
using System.Net.Http.Json;
using Npgsql;

namespace AsyncCapacity.Tests.Audit;

/// <summary>Sends audit entries with unique actors, and reads back which of them the database holds.</summary>
internal sealed class AuditClient(HttpClient http, string connectionString)
{
    /// <summary>Unique to one test, so its rows can be told apart from every other test's.</summary>
    public string Prefix { get; } = $"t{Guid.NewGuid():N}"[..12];

    public async Task<(string Actor, HttpStatusCode Status, HttpResponseMessage? Response)> PostAsync(string variant, int index)
    {
        var actor = $"{Prefix}-{index}";
        try
        {
            var response = await http.PostAsJsonAsync(new Uri($"/audit/{variant}", UriKind.Relative),
                new { actor, action = "test", detail = variant });
            return (actor, response.StatusCode, response);
        }
        catch (HttpRequestException)
        {
            // Refused or reset: the server had stopped taking connections. No answer, so no 2xx.
            return (actor, 0, null);
        }
    }

    public async Task<HashSet<string>> PersistedActorsAsync(string variant)
    {
        await using var connection = new NpgsqlConnection(connectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand("SELECT actor FROM audit_log WHERE actor LIKE @prefix AND variant = @variant",
            connection);
        command.Parameters.AddWithValue("prefix", Prefix + "-%");
        command.Parameters.AddWithValue("variant", variant);
        var actors = new HashSet<string>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            Assert.True(actors.Add(reader.GetString(0)), $"entry {reader.GetString(0)} was written twice");
        }

        return actors;
    }

    /// <summary>
    /// Locks the audit table until the returned hold is disposed: a writer that takes an entry then waits in its INSERT,
    /// so the test, not a clock, decides when writes finish. Reads (<see cref="PersistedActorsAsync"/>) still go through.
    /// </summary>
    public async Task<IAsyncDisposable> HoldWritersAsync()
    {
        var connection = new NpgsqlConnection(connectionString);
        await connection.OpenAsync();
        var transaction = await connection.BeginTransactionAsync();
        await using (var command = new NpgsqlCommand("LOCK TABLE audit_log IN EXCLUSIVE MODE", connection, transaction))
        {
            await command.ExecuteNonQueryAsync();
        }

        return new WritersHold(connection, transaction);
    }

    /// <summary>Released once, at the first dispose: a test releases it early, and its scope's end does nothing more.</summary>
    private sealed class WritersHold(NpgsqlConnection connection, NpgsqlTransaction transaction) : IAsyncDisposable
    {
        private int _released;

        public async ValueTask DisposeAsync()
        {
            if (Interlocked.Exchange(ref _released, 1) == 0)
            {
                await transaction.RollbackAsync();
                await transaction.DisposeAsync();
                await connection.DisposeAsync();
            }
        }
    }
}
