using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AsyncCapacity.Tests.Audit;
using AsyncCapacity.Tests.Infrastructure;
using Microsoft.Extensions.Options;

namespace AsyncCapacity.Tests.RequestQueue;

/// <summary>The request queue ("Server Too Busy") in front of the experiments, on the real app and a real PostgreSQL.</summary>
[Collection(PostgresGroup.Name)]
public sealed class RequestQueueTests(PostgresFixture postgres)
{
    [Fact]
    public async Task A_full_request_queue_answers_503_with_Retry_After_and_loses_nothing_it_accepted()
    {
        // Arrange: 2 requests served at once, 3 waiting; slow audit commits so that a burst overflows the queue, not the
        // audit log. The bounded variant blocks its threads, and this app shares its thread pool with the test: without
        // threads to spare the burst would wait in the pool's queue, not the request queue (the band-aid gives it 64).
        using var restore = new MinThreadsRestorer();
        await using var app = await postgres.StartAppAsync(new Dictionary<string, string?>
        {
            ["ThreadPool:MinWorkerThreads"] = "64",
            ["RequestQueue:MaxConcurrent"] = "2",
            ["RequestQueue:Limit"] = "3",
            ["RequestQueue:RetryAfterSeconds"] = "4",
            ["Audit:BoundedWriters"] = "5",
            ["Audit:BoundedQueueCapacity"] = "1000",
            ["Audit:WriteDelayMs"] = "200",
        });
        using var http = new HttpClient { BaseAddress = AppHostFixture.Address(app), Timeout = TimeSpan.FromSeconds(60) };
        var audit = new AuditClient(http, postgres.ConnectionString);

        // Act
        var answers = await Task.WhenAll(Enumerable.Range(0, 40).Select(i => audit.PostAsync("bounded", i)));
        var runtime = await http.GetFromJsonAsync<JsonElement>(new Uri("/diag/runtime", UriKind.Relative));

        // Assert
        var ok = answers.Where(a => a.Status == HttpStatusCode.OK).Select(a => a.Actor).ToHashSet();
        var refused = answers.Where(a => a.Status == HttpStatusCode.ServiceUnavailable).ToList();
        Assert.Equal(40, ok.Count + refused.Count);
        Assert.InRange(ok.Count, 5, 35);
        Assert.NotEmpty(refused);
        var first = refused[0].Response!;
        Assert.Equal(TimeSpan.FromSeconds(4), first.Headers.RetryAfter?.Delta);
        Assert.Equal("application/problem+json", first.Content.Headers.ContentType?.MediaType);
        var problem = await first.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal("Server too busy", problem.GetProperty("title").GetString());
        Assert.Contains("RequestQueue:MaxConcurrent", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal(ok.Order(), (await audit.PersistedActorsAsync("bounded")).Order());
        var gauges = runtime.GetProperty("now").GetProperty("gauges");
        Assert.Equal(refused.Count, gauges.GetProperty(GaugeKeys.QueueRejected).GetDouble());
        Assert.Equal(3, gauges.GetProperty(GaugeKeys.QueueLimit).GetDouble());
        foreach (var answer in answers)
        {
            answer.Response?.Dispose();
        }
    }

    [Fact]
    public async Task Off_by_default_the_queue_neither_refuses_nor_reports()
    {
        // Act: more clients at once than the queue the CLI turns on by default would take (20 served, 100 waiting)
        var statuses = await Task.WhenAll(Enumerable.Range(0, 150).Select(async _ =>
        {
            using var response = await postgres.Client.GetAsync(new Uri("/sleep/async?ms=300", UriKind.Relative));
            return response.StatusCode;
        }));
        var runtime = await postgres.Client.GetFromJsonAsync<JsonElement>(new Uri("/diag/runtime", UriKind.Relative));

        // Assert
        Assert.All(statuses, status => Assert.Equal(HttpStatusCode.OK, status));
        var gauges = runtime.GetProperty("now").GetProperty("gauges").EnumerateObject().Select(g => g.Name);
        Assert.DoesNotContain(gauges, name => name.StartsWith("queue.", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("5000")]
    [InlineData("100")]
    public async Task A_limit_without_a_concurrency_stops_the_start_naming_both_settings(string limit)
    {
        // Arrange: 100 is also the limit in force when none is set; set, it is refused all the same
        var settings = AppHostFixture.DefaultSettings();
        settings["RequestQueue:Limit"] = limit;

        // Act
        var error = await Assert.ThrowsAsync<OptionsValidationException>(async () =>
        {
            await using var app = AppHostFixture.Build(settings);
            await app.StartAsync();
        });

        // Assert
        Assert.Contains("RequestQueue:Limit (environment RequestQueue__Limit) is set but RequestQueue:MaxConcurrent is 0",
            error.Message, StringComparison.Ordinal);
    }
}
