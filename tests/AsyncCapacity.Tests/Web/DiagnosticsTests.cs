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
        Assert.True(root.GetProperty("minWorkerThreads").GetInt32() >= 1);
        Assert.True(root.GetProperty("maxWorkerThreads").GetInt32() >= root.GetProperty("minWorkerThreads").GetInt32());
        // The app runs inside this test process: it cannot have been up longer than the process.
        Assert.InRange(root.GetProperty("uptimeSeconds").GetDouble(), 0.001, (DateTime.Now - System.Diagnostics.Process.GetCurrentProcess().StartTime).TotalSeconds + 1);
        Assert.Equal(100, root.GetProperty("sampleIntervalMs").GetInt32());

        var now = root.GetProperty("now");
        Assert.True(now.GetProperty("threadCount").GetInt32() >= 1);
        Assert.True(now.GetProperty("completedWorkItems").GetInt64() > 0);
        Assert.True(now.GetProperty("requestsInFlight").GetInt32() >= 1, "this very request is in flight");
        Assert.True(now.GetProperty("workingSetBytes").GetInt64() > 0);
        Assert.True(now.GetProperty("gcHeapBytes").GetInt64() > 0);
        Assert.Equal(JsonValueKind.Number, now.GetProperty("pendingWorkItems").ValueKind);
        Assert.InRange(now.GetProperty("cpuPercent").GetDouble(), 0, 100); // a share of all cores
    }

    [Fact]
    public async Task Timeline_holds_samples_in_time_order_from_the_dedicated_sampler()
    {
        // Arrange: at 10 Hz, a second gives several samples
        await Task.Delay(1000);

        // Act
        using var runtime = await GetJsonAsync("/diag/runtime");
        var samples = runtime.RootElement.GetProperty("timeline").EnumerateArray().ToList();

        // Assert
        Assert.True(samples.Count >= 5, $"expected several samples, got {samples.Count}");
        var times = samples.Select(s => s.GetProperty("timestampMs").GetInt64()).ToList();
        Assert.Equal(times.Order(), times);
        Assert.All(samples, s =>
        {
            Assert.True(s.GetProperty("threadCount").GetInt32() >= 1, "the pool serving this request has a thread");
            Assert.InRange(s.GetProperty("cpuPercent").GetDouble(), 0, 100);
            Assert.True(s.GetProperty("workingSetBytes").GetInt64() > 0);
        });
    }

    [Fact]
    public async Task Timeline_can_be_filtered_by_time_range()
    {
        // Arrange
        await Task.Delay(600);
        using var all = await GetJsonAsync("/diag/runtime");
        var times = all.RootElement.GetProperty("timeline").EnumerateArray().Select(s => s.GetProperty("timestampMs").GetInt64()).ToList();
        var (from, to) = (times[^4], times[^2]);

        // Act
        using var window = await GetJsonAsync($"/diag/runtime?from={from}&to={to}");
        var filtered = window.RootElement.GetProperty("timeline").EnumerateArray().Select(s => s.GetProperty("timestampMs").GetInt64()).ToList();

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
        await Task.Delay(1500);

        // Act: read the timeline through a client that does not wait behind the load
        using var during = await GetJsonAsync($"/diag/runtime?from={before}");
        await Task.WhenAll(load);

        // Assert: the samples kept coming at ~10 Hz while requests queued for threads
        var samples = during.RootElement.GetProperty("timeline").EnumerateArray().ToList();
        Assert.True(samples.Count >= 8, $"expected ~15 samples in 1.5 s of starvation, got {samples.Count}");
        Assert.Contains(samples, s => s.GetProperty("pendingWorkItems").GetInt64() > 0 || s.GetProperty("requestsInFlight").GetInt32() > Environment.ProcessorCount);
    }

    private async Task<JsonDocument> GetJsonAsync(string route)
    {
        using var response = await app.Client.GetAsync(new Uri(route, UriKind.Relative));
        response.EnsureSuccessStatusCode();
        return JsonDocument.Parse(await response.Content.ReadAsStringAsync());
    }
}
