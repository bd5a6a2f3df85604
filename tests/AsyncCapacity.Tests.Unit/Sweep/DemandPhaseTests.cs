using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using static AsyncCapacity.Tests.Sweep.Simulation;

namespace AsyncCapacity.Tests.Sweep;

/// <summary>--demand: after the search, four fixed arrival rates at 30–60% of the most the variant could take, offered in the open
/// model after a longer warm-up, recorded as the variant's demand probes and replayed like the search's.</summary>
public sealed class DemandPhaseTests
{
    private static readonly SearchPolicy Policy = new() { Coarse = [1, 10, 100, 1000], MaxSearchProbes = 4 };

    [Fact]
    public async Task The_rates_are_fractions_of_what_the_variant_served_each_offered_open_and_kept_as_its_demand_steps()
    {
        // Arrange: 2 req/s per client up to the knee at 50 clients, with no CPU read: the most it served sets the top
        var plan = Plan(Policy);
        var phase = new DemandPhase();
        var app = new SimulatedApp(c => new SimulatedLaunch(c <= 50, c <= 50 ? -1 : 1) { Requests = Math.Min(c, 50) * 2 * 4 });

        // Act
        var (_, record) = await RunAsync(new SweepLoop(app, new SilentProgress()) { Phases = [phase] }, plan);
        var live = new SimulatedApp(_ => throw new InvalidOperationException("a resumed sweep must not run a recorded probe"));
        var (_, replayed) = await RunAsync(
            new SweepLoop(new ReplayPort(record.Recorded, live), new SilentProgress()) { Phases = [phase] }, plan);

        // Assert: 100 req/s served at most, so 30 to 60 req/s, each one window after 10 s of warm-up, open whatever the sweep's model
        var orders = app.Asked.Where(o => o.Kind is DemandProbe).ToList();
        Assert.Equal([30, 40, 50, 60], orders.Select(o => o.Load));
        Assert.Equal(["sim-v-rps30-r1", "sim-v-rps40-r1", "sim-v-rps50-r1", "sim-v-rps60-r1"], orders.Select(o => o.Name));
        Assert.DoesNotContain(app.Asked.Where(o => o.Kind is not DemandProbe), o => orders.Any(d => d.Name == o.Name));
        Assert.All(orders, o => Assert.Equal(LoadModel.Open, o.Terms.Model));
        Assert.All(orders, o => Assert.Equal((Timing.WindowSeconds, 10), (o.Seconds, o.Timing.WarmupSeconds)));
        Assert.All(orders, o => Assert.Equal(Timing.Deadline(o.Seconds) + TimeSpan.FromSeconds(10 - Timing.WarmupSeconds), o.Deadline));
        Assert.Equal((LoadModel.Closed, Timing), (app.Asked[0].Terms.Model, app.Asked[0].Timing));
        Assert.Equal(4, record.Of(plan, "v", phase.Name).Count);
        Assert.Empty(live.Asked);
        var variant = record.Results(new RunPlan([plan], Timing), [phase]).Single().Variants.Single();
        Assert.Equal([30, 40, 50, 60], variant.DemandSteps!.Select(s => s.Concurrency));
        Assert.DoesNotContain(variant.Steps, s => s.Concurrency is 30 or 40 or 60);
        Assert.Equal(4, replayed.Of(plan, "v", phase.Name).Count);
    }

    [Fact]
    public void The_top_is_the_apps_own_maximum_from_its_CPU_line_where_k6_served_more_than_that()
    {
        // Arrange: busy CPUs = 0.1 + 1 ms × X on 2 cores, so (2 − 0.1) ÷ 1 ms = 1,900 req/s, though k6 was seen serving 2,500
        static StepResult Busy(double rps) => Step(rps, cpuPercent: (0.1 + (1e-3 * rps)) / 2 * 100);
        IReadOnlyList<StepResult> search =
            [Busy(200), Busy(500), Busy(1000), Busy(2500) with { CpuPercent = 100, Saturated = Saturation.App }];

        // Act
        var top = DemandPhase.Top(search, new RunResources(2, 2, null, 1));
        var rates = DemandPhase.Rates(Plan(Policy), search, new RunResources(2, 2, null, 1));

        // Assert
        Assert.Equal(1900, top!.Value, 1);
        Assert.Equal([570, 760, 950, 1140], rates.Select(r => r.Rate));
    }

    [Fact]
    public void The_warm_up_covers_twice_the_wait_k6s_open_model_allocates_clients_for()
    {
        // A 5 s SLA: clients for 15 s of waiting each, so 2 s + 30 s
        var slow = Plan(Policy) is var plan ? plan with { Terms = plan.Terms with { Sla = new Sla(5000, 0.01) } } : null!;

        Assert.Equal(32, DemandPhase.WarmupSeconds(slow));
        Assert.Equal(DemandPhase.MinimumWarmupSeconds, DemandPhase.WarmupSeconds(Plan(Policy)));
    }

    [Fact]
    public void Sessions_and_a_search_that_served_nothing_get_no_fixed_rates()
    {
        var sessions = Plan(Policy) is var plan ? plan with { Terms = plan.Terms with { Kind = LoadKind.WebSocket } } : null!;

        Assert.Empty(DemandPhase.Rates(sessions, [Step(100, cpuPercent: 10)], new RunResources(2, 2, null, 1)));
        Assert.Empty(DemandPhase.Rates(Plan(Policy), [Step(0, cpuPercent: 0)], new RunResources(2, 2, null, 1)));
        Assert.Empty(DemandPhase.Rates(Plan(Policy), [Step(5, cpuPercent: 1)], new RunResources(2, 2, null, 1)));
    }

    private static StepResult Step(double rps, double cpuPercent) => new()
    {
        Concurrency = 10,
        StartedAt = DateTimeOffset.UnixEpoch,
        MeasuredFrom = DateTimeOffset.UnixEpoch,
        EndedAt = DateTimeOffset.UnixEpoch.AddSeconds(10),
        DurationSeconds = 10,
        Requests = (long)(rps * 10),
        Errors = 0,
        ErrorRate = 0,
        Rps = rps,
        CpuPercent = cpuPercent,
        MeetsSla = true,
    };
}
