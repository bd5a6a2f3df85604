using System.Net.Http.Json;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

[Collection(AppHostGroup.Name)]
public sealed class DiagnosticsTests(AppHostFixture app)
{
    [Fact]
    public async Task Runtime_reports_pool_configuration_and_a_reading_taken_now()
    {
        // Act
        using var runtime = await GetJsonAsync("/diag/runtime");
        var root = runtime.RootElement;

        // Assert
        Assert.Equal(Environment.ProcessorCount, root.GetProperty("processorCount").GetInt32());
        Assert.StartsWith(".NET 10", root.GetProperty("framework").GetString(), StringComparison.Ordinal);
        var minWorkers = root.GetProperty("minWorkerThreads").GetInt32();
        Assert.InRange(minWorkers, 1, int.MaxValue);
        Assert.InRange(root.GetProperty("maxWorkerThreads").GetInt32(), minWorkers, int.MaxValue);
        // The app runs inside this test process: it cannot have been up longer than the process.
        Assert.InRange(root.GetProperty("uptimeSeconds").GetDouble(), 0.001,
            (DateTime.Now - System.Diagnostics.Process.GetCurrentProcess().StartTime).TotalSeconds + 1);
        Assert.Equal(100, root.GetProperty("sampleIntervalMs").GetInt32());

        var now = root.GetProperty("now");
        Assert.InRange(now.GetProperty("threadCount").GetInt32(), 1, int.MaxValue);
        Assert.InRange(now.GetProperty("completedWorkItems").GetInt64(), 1, long.MaxValue);
        Assert.InRange(now.GetProperty("requestsInFlight").GetInt32(), 1, int.MaxValue); // this very request
        Assert.InRange(now.GetProperty("workingSetBytes").GetInt64(), 1, long.MaxValue);
        Assert.InRange(now.GetProperty("gcHeapBytes").GetInt64(), 1, long.MaxValue);
        Assert.Equal(JsonValueKind.Number, now.GetProperty("pendingWorkItems").ValueKind);
        Assert.InRange(now.GetProperty("cpuPercent").GetDouble(), 0, 100); // a share of all cores
    }

    [Fact]
    public async Task Timeline_holds_samples_in_time_order_from_the_dedicated_sampler()
    {
        // Act: the sampler runs at 10 Hz here, so several samples come soon after the app starts
        var runtime = await WaitFor.ConditionAsync("several samples in the timeline",
            () => RuntimeAsync(""), r => Timeline(r).Count >= 5, r => $"{Timeline(r).Count} samples");
        var samples = Timeline(runtime);

        // Assert
        var times = samples.Select(s => s.GetProperty("timestampMs").GetInt64()).ToList();
        Assert.Equal(times.Order(), times);
        Assert.All(samples, s =>
        {
            Assert.InRange(s.GetProperty("threadCount").GetInt32(), 1, int.MaxValue); // the pool serving this request
            Assert.InRange(s.GetProperty("cpuPercent").GetDouble(), 0, 100);
            Assert.InRange(s.GetProperty("workingSetBytes").GetInt64(), 1, long.MaxValue);
        });
    }

    [Fact]
    public async Task Timeline_can_be_filtered_by_time_range()
    {
        // Arrange
        var all = await WaitFor.ConditionAsync("four samples in the timeline",
            () => RuntimeAsync(""), r => Timeline(r).Count >= 4, r => $"{Timeline(r).Count} samples");
        var times = Timeline(all).Select(s => s.GetProperty("timestampMs").GetInt64()).ToList();
        var (from, to) = (times[^4], times[^2]);

        // Act
        using var window = await GetJsonAsync($"/diag/runtime?from={from}&to={to}");
        var filtered = window.RootElement.GetProperty("timeline").EnumerateArray()
            .Select(s => s.GetProperty("timestampMs").GetInt64()).ToList();

        // Assert
        Assert.Equal([times[^4], times[^3], times[^2]], filtered);
    }

    [Fact]
    public async Task The_sampler_keeps_sampling_while_the_pool_is_starved()
    {
        // Arrange: block far more pool threads than the pool has, with the blocking endpoint itself
        var before = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
        using var client = new HttpClient { BaseAddress = app.BaseAddress, Timeout = TimeSpan.FromSeconds(60) };
        var load = Enumerable.Range(0, Environment.ProcessorCount * 8)
            .Select(_ => client.GetAsync(new Uri("/sleep/sync?ms=1500", UriKind.Relative)))
            .ToList();

        // Act: once every blocked request has answered, read what the sampler recorded meanwhile
        foreach (var response in await Task.WhenAll(load))
        {
            response.Dispose();
        }

        var after = await RuntimeAsync($"?from={before}");

        // Assert: requests queued for threads (or ran on more threads than cores) for at least one 1.5 s sleep, and the
        // samples kept coming at ~10 Hz all the while
        var samples = Timeline(after);
        var starved = samples.Count(s => s.GetProperty("pendingWorkItems").GetInt64() > 0
            || s.GetProperty("requestsInFlight").GetInt32() > Environment.ProcessorCount);
        Assert.True(starved >= 8,
            $"expected ~15 samples or more in 1.5 s or more of starvation, got {starved} (of {samples.Count} since the load began)");
    }

    private Task<JsonElement> RuntimeAsync(string query) =>
        app.Client.GetFromJsonAsync<JsonElement>(new Uri($"/diag/runtime{query}", UriKind.Relative));

    private static List<JsonElement> Timeline(JsonElement runtime) => [.. runtime.GetProperty("timeline").EnumerateArray()];

    private async Task<JsonDocument> GetJsonAsync(string route)
    {
        using var response = await app.Client.GetAsync(new Uri(route, UriKind.Relative));
        response.EnsureSuccessStatusCode();
        return JsonDocument.Parse(await response.Content.ReadAsStringAsync());
    }
}
