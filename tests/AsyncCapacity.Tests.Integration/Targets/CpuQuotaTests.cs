using System.Net.Http.Json;
using AsyncCapacity.Cli;
using AsyncCapacity.Cli.Targets;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Targets;

/// <summary>
/// --app-cpus for real: the lab's app started in a cgroup with a CFS quota of half a CPU, as a Kubernetes pod's limits.cpu of
/// 500m sets it. .NET sizes itself to the quota (read back from the running app), and a busy app is throttled (cpu.stat).
/// Needs write access to the cgroup tree, as the sweep does (CI runs as root).
/// </summary>
public sealed class CpuQuotaTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("capacity-quota-").FullName;

    [Fact]
    public async Task Half_a_CPU_gives_the_app_one_processor_a_pool_minimum_of_one_and_throttling_under_load()
    {
        // Arrange
        var layout = new RepositoryLayout(Repository.Root);
        await WebApp.BuildAsync(layout, _folder, CancellationToken.None);
        using var quota = CpuQuotaGroup.Create(0.5);
        await using var app = await WebApp.StartAsync(layout, new Dictionary<string, string>(), Path.Combine(_folder, "app.log"),
            CancellationToken.None, quota: quota);
        using var http = new HttpClient { BaseAddress = app.Url };

        // Act: what .NET made of the quota, then 4 s of 32 clients asking for the in-memory page as fast as they can
        var runtime = await http.GetFromJsonAsync<RuntimeReport>("/diag/runtime");
        var before = quota.Read()!;
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(4));
        await Task.WhenAll(Enumerable.Range(0, 32).Select(_ => Task.Run(async () =>
        {
            while (!stop.IsCancellationRequested)
            {
                using var response = await http.GetAsync("/content/memory/medium.json", CancellationToken.None);
                response.EnsureSuccessStatusCode();
            }
        })));
        var throttled = quota.Read()!.Since(before);

        // Assert
        Assert.Equal(1, runtime!.ProcessorCount);
        Assert.Equal(1, runtime.MinWorkerThreads);
        Assert.True(throttled.ThrottledPeriods > 0 && throttled.ThrottledSeconds > 0,
            $"a busy app under half a CPU was never throttled: {throttled}");
        Assert.InRange(throttled.Periods, 20, 80); // about 40 periods of 100 ms in 4 s
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
