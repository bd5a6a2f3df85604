using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// `capacity sweep --app-cpus 0.15` as a user runs it: real k6 against the lab's app under 0.15 of a CPU, as a pod's
/// limits.cpu of 150m. On 2 cores k6 keeps the other 1.85, so the awaiting sleep runs out of its quota before k6 runs out
/// of CPU: its capacity is measured, not a bound, the first the lab could measure for an awaiting variant here; --demand reads its
/// CPU per request at four fixed arrival rates after the search.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class QuotaSweepTests(ITestOutputHelper log) : IDisposable
{
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-quota-sweep-").FullName;

    // From 100 clients (at light load the app's own idle work dominates its CPU per request, so the laws' first knee would be
    // low) with the probes a bracket needs. The app's throughput under a quota varies from run to run: under 0.25 CPU one run in
    // five here had k6 above 80% of its 1.75 CPUs at the knee (2,156 clients), and under 0.2 a fresh clone's CI had it at 84%
    // (2,446 req/s), both bounds; under 0.15 two runs had k6 at 23% and 28% at knees of 950 and 958 clients (2026-11-29).
    [Fact]
    public async Task Under_0_15_of_a_CPU_the_awaiting_sleep_is_measured_at_its_quota_with_throttling_recorded_per_probe()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(8),
            "sweep", "-e", "sleep:async", "--profile", "quick", "--app-cpus", "0.15", "--steps", "100", "--probes", "6",
            "--stacks", "off", "--demand", "--out", _output);

        // Assert: the run, and what .NET made of the quota, read from the app
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        Assert.Contains("CPU quota: the app under 0.15 CPUs: a CFS quota of 15 ms per 100 ms period", console, StringComparison.Ordinal);
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        var quota = document.Run.CpuQuota;
        Assert.NotNull(quota);
        Assert.Equal((0.15, 100_000, 1, 1), (quota.Cpus, quota.PeriodMicroseconds, quota.ProcessorCount, quota.MinWorkerThreads));

        // Assert: every probe counted its throttling, and the busiest were throttled
        var async = Assert.Single(Assert.Single(document.Experiments).Variants);
        Assert.All(async.Steps, s => Assert.True(s.Throttling is { Periods: > 0 }, $"no throttling read at {s.Concurrency}"));
        Assert.Contains(async.Steps, s => s.Throttling!.ThrottledPeriods > 0 && s.CpuOfQuotaPercent >= 75);

        // Assert: measured, not a bound: the app at its quota at the knee, k6 with headroom on the CPUs left to it
        var capacity = async.Capacity;
        Assert.NotNull(capacity);
        var limit = capacity.Limit;
        Assert.True(limit is { Side: LimitSide.App }, $"not measured: {LimitText.Of(capacity, LoadModel.Closed, "req/s")}");
        Assert.Equal(1.85, limit.LoadGeneratorCpus, 6);
        Assert.DoesNotContain("≥", CapacityText.Value(capacity), StringComparison.Ordinal);
        Assert.Contains("async: " + CapacityText.Value(capacity) + " measured: the app was the limit at the knee", console,
            StringComparison.Ordinal);

        // Assert: its CPU per request read at four fixed arrival rates below the knee's, offered open; the app alone rests on them
        // where they give a line, else on the search's probes. Under a quota the open model's evenly spaced arrivals often run the
        // quota out from the first rate on (docs/findings.md), so either may happen: the rule is checked, not the outcome.
        Assert.Contains("async: CPU per request at", console, StringComparison.Ordinal);
        var demand = async.DemandSteps;
        Assert.NotNull(demand);
        Assert.Equal(4, demand.Count);
        Assert.All(demand, s => Assert.Equal(s.Concurrency, s.OfferedRps));
        Assert.All(demand, s => Assert.InRange(s.Concurrency, 1, capacity.Rps));
        // Where neither the rates nor the search's probes gave a line below saturation (every probe at the quota: it happened once
        // in a fresh clone's CI), there is no app alone to give, and none is given.
        var alone = capacity.AppAlone;
        var line = ServiceDemand.CpuLineOf(demand, quota.ProcessorCount!.Value);
        var expected = line ?? ServiceDemand.CpuLineOf(async.Steps, quota.ProcessorCount.Value);
        Assert.Equal(expected?.Serving(quota.Cpus) is null, alone is null);
        if (alone is not null)
        {
            Assert.True((line is not null) == (alone.Rates is not null), $"line {line}, the app alone {alone}");
            Assert.Equal(expected!.Seconds, alone.DemandSeconds, 12);
            Assert.InRange(alone.DemandSeconds, alone.DemandLowSeconds, alone.DemandHighSeconds);
        }

        // Assert: the report's header says the quota and what .NET made of it
        var html = await File.ReadAllTextAsync(Path.Combine(_output, "index.html"));
        Assert.Contains("CPU quota", html, StringComparison.Ordinal);
        Assert.Contains(".NET counted 1 processor, so the pool&#39;s minimum was 1", html, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_app_of_the_users_own_under_half_a_CPU_is_read_as_NET_sized_it_not_as_the_machine_is()
    {
        // Act: tests/ShapesApp (not the lab's app: it does not describe itself), one probe; .NET in it reads the quota, and the sweep
        // reads ProcessorCount from its System.Runtime meter
        var shapes = Path.Combine(Repository.Root, "tests", "ShapesApp");
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(5),
            "sweep", "--app-project", Path.Combine(shapes, "ShapesApp.csproj"), "--app-ready", "/healthz",
            "--experiment-file", Path.Combine(shapes, "stock.json"), "-e", "stock:awaited", "--steps", "5", "--search", "off",
            "--profile", "quick", "--stacks", "off", "--app-cpus", "0.5", "--out", _output);

        // Assert: one processor and a pool minimum of one on a machine of two cores
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        Assert.True(document.Run.Target.ReadFromOutside, "ShapesApp is read from outside");
        var quota = document.Run.CpuQuota;
        Assert.NotNull(quota);
        Assert.Equal((0.5, 1, 1), (quota.Cpus, quota.ProcessorCount, quota.MinWorkerThreads));
        Assert.Equal(1, document.Run.Cores);
    }

    public void Dispose() => Directory.Delete(_output, recursive: true);
}
