using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Web;

namespace AsyncCapacity.Tests.Audit;

[Collection(PostgresGroup.Name)]
public sealed class AuditTests(PostgresFixture postgres)
{
    [Theory]
    [InlineData("bounded")]
    [InlineData("async")]
    public async Task An_entry_is_answered_once_it_is_in_the_audit_log(string variant)
    {
        // Arrange
        var audit = new AuditClient(postgres.Client, postgres.ConnectionString);

        // Act
        var (actor, status, response) = await audit.PostAsync(variant, 1);
        using var receipt = JsonDocument.Parse(await response!.Content.ReadAsStringAsync());

        // Assert: answered 200 with a receipt, and the row is already there
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(actor, receipt.RootElement.GetProperty("actor").GetString());
        Assert.Equal("test", receipt.RootElement.GetProperty("action").GetString());
        Assert.True(receipt.RootElement.GetProperty("id").TryGetGuid(out _));
        RouteTests.AssertServerTiming(response);
        Assert.Equal([actor], await audit.PersistedActorsAsync(variant));
        response.Dispose();
    }

    public static TheoryData<string, string, HttpStatusCode, string> BadBodies()
    {
        var data = new TheoryData<string, string, HttpStatusCode, string>();
        foreach (var variant in new[] { "bounded", "async" })
        {
            data.Add(variant, "{not json", HttpStatusCode.BadRequest, "not valid JSON");
            data.Add(variant, "null", HttpStatusCode.BadRequest, "'actor' is required");
            data.Add(variant, "{\"action\":\"x\"}", HttpStatusCode.BadRequest, "'actor' is required");
            data.Add(variant, "{\"actor\":\"a\",\"action\":\"   \"}", HttpStatusCode.BadRequest, "'action' is required");
            data.Add(variant, $"{{\"actor\":\"{new string('a', 101)}\",\"action\":\"x\"}}",
                HttpStatusCode.BadRequest, "'actor' must be at most 100 characters");
            data.Add(variant, $"{{\"actor\":\"a\",\"action\":\"x\",\"detail\":\"{new string('d', 1001)}\"}}",
                HttpStatusCode.BadRequest, "'detail' must be at most 1000");
            data.Add(variant, $"{{\"actor\":\"a\",\"action\":\"x\",\"detail\":\"{new string('d', 5000)}\"}}",
                HttpStatusCode.RequestEntityTooLarge, "at most 4096 bytes");
            data.Add(variant, "{\"actor\":1,\"action\":\"x\"}", HttpStatusCode.BadRequest, "not valid JSON");
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Malformed_or_oversized_bodies_answer_ProblemDetails_and_write_nothing(
        string variant, string body, HttpStatusCode expected, string reason)
    {
        // Arrange
        var before = await StatsAsync(postgres.Client, variant);

        // Act
        using var content = new StringContent(body, Encoding.UTF8, "application/json");
        using var response = await postgres.Client.PostAsync(new Uri($"/audit/{variant}", UriKind.Relative), content);
        var text = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Equal(expected, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains(reason, text, StringComparison.Ordinal);
        Assert.Equal(before.GetProperty("accepted").GetInt64(),
            (await StatsAsync(postgres.Client, variant)).GetProperty("accepted").GetInt64());
    }

    [Theory]
    [InlineData("bounded", "Audit:BoundedWriters", "Audit:BoundedQueueCapacity")]
    [InlineData("async", "Audit:AsyncWriters", "Audit:AsyncQueueCapacity")]
    public async Task A_full_queue_answers_503_with_Retry_After_at_once(string variant, string writers, string queue)
    {
        // Arrange: one writer, held in its first entry's INSERT by this test's lock on the audit table (longer than any
        // wait of the test may take), and room for one more in the queue
        await using var app = await postgres.StartAppAsync(new Dictionary<string, string?>
        {
            [writers] = "1",
            [queue] = "1",
            ["Audit:RetryAfterSeconds"] = "7",
            ["Database:CommandTimeoutSeconds"] = "120",
        });
        using var http = new HttpClient { BaseAddress = AppHostFixture.Address(app), Timeout = TimeSpan.FromSeconds(60) };
        var audit = new AuditClient(http, postgres.ConnectionString);
        await using var hold = await audit.HoldWritersAsync();
        var first = audit.PostAsync(variant, 1);
        await WaitFor.ConditionAsync("the writer to take the first entry (accepted 1, queued 0)",
            () => StatsAsync(http, variant), s => Count(s, "accepted") == 1 && Count(s, "queued") == 0, Show);
        var second = audit.PostAsync(variant, 2);
        await WaitFor.ConditionAsync("the second entry to wait in the queue (accepted 2, queued 1)",
            () => StatsAsync(http, variant), s => Count(s, "accepted") == 2 && Count(s, "queued") == 1, Show);

        // Act: the writer cannot finish while the table is held, so an answer now is one that did not wait for room
        var (_, status, refused) = await WaitFor.CompletionAsync(
            "the answer to a third entry while the writer is held and the queue full", audit.PostAsync(variant, 3));
        await hold.DisposeAsync();

        // Assert: refused at once, told when to come back; the two accepted ones are still written
        Assert.Equal(HttpStatusCode.ServiceUnavailable, status);
        Assert.Equal(TimeSpan.FromSeconds(7), refused!.Headers.RetryAfter?.Delta);
        Assert.Contains("Server too busy", await refused.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, (await first).Status);
        Assert.Equal(HttpStatusCode.OK, (await second).Status);
        Assert.Equal([$"{audit.Prefix}-1", $"{audit.Prefix}-2"], (await audit.PersistedActorsAsync(variant)).Order());
        refused.Dispose();
    }

    [Theory]
    [InlineData("bounded")]
    [InlineData("async")]
    public async Task After_a_concurrent_burst_every_2xx_has_exactly_one_row_and_no_row_lacks_a_2xx(string variant)
    {
        // Arrange: small queues and slow writes, so the burst overflows (held writers make sure of it, below) and some
        // requests get 503 while others are being written. The bounded variant's handlers block their threads, so
        // without threads to spare the burst would wait in the thread pool's queue instead of reaching the audit queue:
        // the band-aid knob gives it 64 (restored afterwards).
        using var restore = new MinThreadsRestorer();
        await using var app = await postgres.StartAppAsync(new Dictionary<string, string?>
        {
            ["ThreadPool:MinWorkerThreads"] = "64",
            ["Audit:BoundedWriters"] = "2",
            ["Audit:BoundedQueueCapacity"] = "10",
            ["Audit:AsyncWriters"] = "1",
            ["Audit:AsyncQueueCapacity"] = "10",
            ["Audit:BatchSize"] = "4",
            ["Audit:WriteDelayMs"] = "20",
            ["Database:CommandTimeoutSeconds"] = "120",
        });
        using var http = new HttpClient { BaseAddress = AppHostFixture.Address(app), Timeout = TimeSpan.FromSeconds(60) };
        var audit = new AuditClient(http, postgres.ConnectionString);

        // Act: the writers are held in their first INSERTs (the command timeout outlasts any wait of the test) until the
        // burst has overflowed the queue, then let go while the rest of it still comes in
        await using var hold = await audit.HoldWritersAsync();
        var burst = Enumerable.Range(0, 150).Select(i => audit.PostAsync(variant, i)).ToList();
        await WaitFor.ConditionAsync("the burst to overflow the held writers' queue (a 503)",
            () => StatsAsync(http, variant), s => Count(s, "rejected") > 0, Show);
        await hold.DisposeAsync();
        var answers = await Task.WhenAll(burst);
        var stats = await StatsAsync(http, variant);

        // Assert
        var ok = answers.Where(a => a.Status == HttpStatusCode.OK).Select(a => a.Actor).ToHashSet();
        var refused = answers.Count(a => a.Status == HttpStatusCode.ServiceUnavailable);
        Assert.True(refused > 0, $"the burst should have overflowed the queue; {refused} refused");
        Assert.NotEmpty(ok);
        Assert.Equal(150, ok.Count + refused);
        Assert.Equal(ok.Order(), (await audit.PersistedActorsAsync(variant)).Order());
        Assert.Equal(ok.Count, stats.GetProperty("persisted").GetInt64());
        Assert.Equal(refused, stats.GetProperty("rejected").GetInt64());
        Assert.Equal(0, stats.GetProperty("queued").GetInt32());
        foreach (var answer in answers)
        {
            answer.Response?.Dispose();
        }
    }

    private static async Task<JsonElement> StatsAsync(HttpClient http, string variant)
    {
        var stats = await http.GetFromJsonAsync<JsonElement>(new Uri("/audit/stats", UriKind.Relative));
        return stats.GetProperty(variant);
    }

    private static long Count(JsonElement stats, string name) => stats.GetProperty(name).GetInt64();

    private static string Show(JsonElement stats) => stats.GetRawText();
}
