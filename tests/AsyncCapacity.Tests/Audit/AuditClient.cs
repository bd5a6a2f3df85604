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
            var response = await http.PostAsJsonAsync(new Uri($"/audit/{variant}", UriKind.Relative), new { actor, action = "test", detail = variant });
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
        await using var command = new NpgsqlCommand("SELECT actor FROM audit_log WHERE actor LIKE @prefix AND variant = @variant", connection);
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
}
