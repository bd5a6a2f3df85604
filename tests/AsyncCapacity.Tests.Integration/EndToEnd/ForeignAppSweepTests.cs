using AsyncCapacity.Lab.Results;
using AsyncCapacity.Report.Formatting;
using AsyncCapacity.Tests.Infrastructure;
using AsyncCapacity.Tests.Live;
using Xunit.Abstractions;

namespace AsyncCapacity.Tests.EndToEnd;

/// <summary>
/// An app that is not the lab's (tests/ForeignApp, namespace Contoso.Orders) swept as a user sweeps theirs: built from its
/// project, started fresh per probe, its endpoints from its own declaration, with real k6; and refused, with its own
/// words, when its command exits at start.
/// </summary>
[Trait("Category", "EndToEnd")]
public sealed class ForeignAppSweepTests(ITestOutputHelper log) : IDisposable
{
    private static readonly string ForeignApp = Path.Combine(Repository.Root, "tests", "ForeignApp");
    private readonly string _output = Directory.CreateTempSubdirectory("capacity-foreign-").FullName;
    private KeptDashboard? _dashboard;

    // Three search probes a variant: the blocking knee's bracket (met below, missed above) and the awaited one climbed past it;
    // 2 s windows, twice the SLA's p95.
    [Fact]
    public async Task The_blocking_lookup_has_a_knee_below_the_awaited_one_and_the_runtime_says_why_in_the_apps_own_frames()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(15),
            "sweep", "--app-project", Path.Combine(ForeignApp, "ForeignApp.csproj"), "--app-ready", "/healthz",
            "--experiment-file", Path.Combine(ForeignApp, "orders.json"),
            "--profile", "quick", "--warmup", "1", "--step-seconds", "2", "--probes", "3", "--live", "keep", "--out", _output);

        // Assert: the run, with the foreign app's own pair
        Assert.True(exitCode == 0, $"capacity sweep exited {exitCode}:\n{console}");
        _dashboard = KeptDashboard.From(console);

        // Assert: the app has no OpenTelemetry of its own, yet its pool is on the dashboard, one timeline per variant: what the
        // sweep's reader read of it from outside, exported by the CLI
        var resources = await _dashboard!.ResourcesAsync();
        foreach (var variant in (string[])["orders-blocking", "orders-awaited"])
        {
            Assert.Single(resources, r => r is { Name: "capacity-reader", HasMetrics: true } && r.InstanceId == variant);
            Assert.Single(resources, r => r is { Name: "k6", HasMetrics: true } && r.InstanceId == variant);
        }

        Assert.DoesNotContain(resources, r => r.Name == "asynccapacity");
        var document = ResultsJson.Deserialize(await File.ReadAllTextAsync(Path.Combine(_output, "results.json")), "results.json");
        var orders = Assert.Single(document.Experiments);
        Assert.Equal("orders", orders.Name);
        Assert.Contains("your app `", RunText.Target(document.Run.Target), StringComparison.Ordinal);
        Assert.Contains("ForeignApp.dll` (built from", RunText.Target(document.Run.Target), StringComparison.Ordinal);

        // Assert: the blocking variant's knee is measured (met below, missed above), below the awaited variant's
        var blocking = orders.Variants.Single(v => v.Name == "blocking");
        var awaited = orders.Variants.Single(v => v.Name == "awaited");
        Assert.True(blocking.Capacity is { MissedAt: not null }, $"blocking: {blocking.Capacity}; {VerdictText.Of(orders)}");
        Assert.True(awaited.Capacity?.Concurrency > blocking.Capacity.Concurrency, VerdictText.Of(orders));
        Assert.NotNull(blocking.Prediction);

        // Assert: why, read from outside the process: the pool added threads because its threads blocked on a Task, and the
        // stacks name the app's own blocking handler
        Assert.Contains(blocking.Steps, s => s.Adjustments?.ContainsKey(PoolAdjustmentReasons.CooperativeBlocking) == true);
        Assert.Contains(blocking.Steps, s => s.Waits?.Groups.Any(g => g.Pool
            && g.AppFrame.StartsWith("Contoso.Orders.", StringComparison.Ordinal)
            && g.AppFrame.Contains("OrderEndpoints.Blocking", StringComparison.Ordinal)) == true);
        Assert.Contains("Contoso.Orders", await File.ReadAllTextAsync(Path.Combine(_output, "index.html")), StringComparison.Ordinal);
        Assert.Empty(Processes.WithCommandLine("ForeignApp.dll"));
    }

    [Fact]
    public async Task A_command_that_exits_at_start_fails_the_sweep_with_exit_code_2_its_output_and_nothing_left_running()
    {
        // Act
        var (exitCode, console) = await CliProcess.RunAsync(log, TimeSpan.FromMinutes(2),
            "sweep", "--app", "sh -c \"echo 'Orders: no connection string named Orders' >&2; exit 3\"", "-e", "sleep",
            "--profile", "quick", "--out", _output);

        // Assert
        Assert.Equal(2, exitCode);
        Assert.Contains("error: Your app `sh -c \"echo 'Orders: no connection string named Orders' >&2; exit 3\"` exited at start "
            + "(code 3).", console, StringComparison.Ordinal);
        Assert.Contains("Orders: no connection string named Orders", console, StringComparison.Ordinal);
        Assert.Empty(Processes.WithCommandLine("no connection string named Orders"));
    }

    public void Dispose()
    {
        _dashboard?.Dispose();
        Directory.Delete(_output, recursive: true);
    }
}
