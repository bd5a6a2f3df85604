using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Analysis;

/// <summary>
/// Measured or a bound: the app's side at its limit at the knee (its CPU at 75% of what it may use, or a held resource full)
/// while k6 had headroom (below 80% of its CPUs); beside a bound, the app alone on its CPUs from its own CPU per request.
/// </summary>
public sealed class CapacityLimitsTests
{
    private static readonly CpuQuota Quarter = new(0.25, 100_000, "v1", MachineCores: 2) { ProcessorCount = 1, MinWorkerThreads = 1 };

    [Fact]
    public void Under_a_quota_the_app_at_its_quota_with_k6_below_its_CPUs_is_measured()
    {
        // Arrange: sleep async under 0.25 CPU (2026-11-29 here): the knee's probes (inside its interval) at 96–99% of the quota,
        // k6 at 35–47% of the machine, that is 40–54% of the 1.75 CPUs the quota leaves it
        var capacity = new Capacity(1260, 1800) { Estimate = Estimate(997, 1750) };
        var variant = Variant(capacity,
            Step(698, rps: 1173, cpuOfQuota: 88.8, k6OfMachine: 31.5),
            Step(1353, rps: 1903, cpuOfQuota: 96.4, k6OfMachine: 47.2, decided: true),
            Step(1396, rps: 1789, cpuOfQuota: 99.2, k6OfMachine: 35.4, meets: false, decided: true));

        // Act
        var limit = CapacityLimits.Of(variant, capacity, Run(quota: Quarter));

        // Assert
        Assert.Equal(LimitSide.App, limit.Side);
        Assert.True(limit.Measured);
        Assert.Equal(1.75, limit.LoadGeneratorCpus);
        Assert.Equal(Math.Round(47.2 * 2 / 1.75, 1), limit.LoadGeneratorPercent);
        Assert.Equal("1,260", CapacityText.Value(capacity with { Limit = limit }));
        Assert.StartsWith("measured: the app was the limit at the knee (its CPU at 98% of what it may use; k6 at 54% of its 1.75 CPUs)",
            LimitText.Of(capacity with { Limit = limit }, LoadModel.Closed, "req/s"), StringComparison.Ordinal);
    }

    [Fact]
    public void A_knee_where_k6_was_at_80_percent_of_its_CPUs_stays_a_bound()
    {
        // Arrange: k6 alone on 1 of 2 isolated CPUs, at 42% of the machine: 84% of its own
        var capacity = new Capacity(2600, 4100) { Estimate = Estimate(2400, 2900) };
        var variant = Variant(capacity,
            Step(2500, rps: 4100, cpu: 40, k6OfMachine: 42, decided: true),
            Step(2800, rps: 4150, cpu: 41, k6OfMachine: 42, meets: false, decided: true));

        // Act
        var limit = CapacityLimits.Of(variant, capacity, Run(isolation: new CpuIsolation("0", "1", 1, 1, 2)));

        // Assert
        Assert.Equal(LimitSide.LoadGenerator, limit.Side);
        Assert.Equal("≥ 2,600", CapacityText.Value(capacity with { Limit = limit }));
        Assert.Equal("≥ 2,600 concurrent clients", CapacityText.Load(capacity with { Limit = limit }, LoadModel.Closed));
    }

    [Fact]
    public void A_held_resource_full_at_the_knee_is_the_apps_limit_whatever_its_CPU()
    {
        // Arrange: Thread.Sleep on 2 pool threads, the app's CPU idle
        var capacity = new Capacity(2, 4) { MissedAt = 3 };
        var steps = new[] { Step(2, rps: 4, cpu: 1, k6OfMachine: 1), Step(3, rps: 5.6, cpu: 1, k6OfMachine: 1, meets: false) };
        var variant = Variant(capacity, steps) with { Prediction = Threads() };

        // Act
        var limit = CapacityLimits.Of(variant, capacity, Run());

        // Assert
        Assert.Equal(LimitSide.App, limit.Side);
        Assert.Equal(ResourceKind.Threads, limit.Resource);
        Assert.StartsWith("measured: the app was the limit at the knee (pool threads full; k6 at 1% of its 2 CPUs)",
            LimitText.Of(capacity with { Limit = limit }, LoadModel.Closed, "req/s"), StringComparison.Ordinal);
    }

    [Fact]
    public void A_knee_where_no_side_was_full_is_a_bound_that_says_so()
    {
        // Arrange
        var capacity = new Capacity(4000, 2000) { Estimate = Estimate(3400, 4900) };
        var variant = Variant(capacity, Step(4000, rps: 2000, cpu: 40, k6OfMachine: 50, decided: true),
            Step(4500, rps: 2050, cpu: 42, k6OfMachine: 55, meets: false, decided: true));

        // Act
        var limit = CapacityLimits.Of(variant, capacity, Run());

        // Assert
        Assert.Equal(LimitSide.Unknown, limit.Side);
        Assert.True((capacity with { Limit = limit }).IsBound);
        Assert.Contains("neither the app's CPU (41% of what it may use) nor a held resource was full",
            LimitText.Of(capacity with { Limit = limit }, LoadModel.Closed, "req/s"), StringComparison.Ordinal);
    }

    [Fact]
    public void A_knee_whose_interval_fell_between_probes_rests_on_the_nearest_on_either_side()
    {
        // Arrange: websocket async under 0.25 CPU (bench/quota.sh, 2026-11-29): knee 172 (90%: 158–189), no probe inside it
        var capacity = new Capacity(172, 3300) { Estimate = Estimate(158, 189) };
        var variant = Variant(capacity,
            Step(10, rps: 1833, cpuOfQuota: 100, k6OfMachine: 17.2),
            Step(89, rps: 3368, cpuOfQuota: 99.2, k6OfMachine: 27),
            Step(190, rps: 3297, cpuOfQuota: 99.6, k6OfMachine: 29.1, meets: false),
            Step(212, rps: 3934, cpuOfQuota: 99.2, k6OfMachine: 32, meets: false));

        // Act
        var limit = CapacityLimits.Of(variant, capacity, Run(quota: Quarter));

        // Assert: 89 below and 190 above, the app at its quota at both, k6 at 29% of the machine (33% of its 1.75 CPUs)
        Assert.Equal(LimitSide.App, limit.Side);
        Assert.Equal(99.4, limit.AppCpuPercent);
        Assert.Equal(Math.Round(29.1 * 2 / 1.75, 1), limit.LoadGeneratorPercent);
    }

    [Fact]
    public void A_search_stopped_by_k6_is_a_bound_of_the_load_generator()
    {
        // Arrange: horizon-five's sleep async (2026-11-27): the machine busy, k6 at 67% of it
        var capacity = new Capacity(2628, 4166) { AtLeastBecause = StoppedBy.LoadGenerator };
        var variant = Variant(capacity, Step(2628, rps: 4166, cpu: 35, k6OfMachine: 67));

        // Act
        var limit = CapacityLimits.Of(variant, capacity, Run());

        // Assert
        Assert.Equal(LimitSide.LoadGenerator, limit.Side);
        Assert.Equal("a bound: the load generator was the limit, sharing a busy machine with the app (k6 at 67% of its 2 CPUs at the "
            + "knee, the app's CPU at 35% of what it may use)", LimitText.Of(capacity with { Limit = limit }, LoadModel.Closed, "req/s"));
    }

    [Fact]
    public void The_app_alone_is_its_CPUs_less_what_it_spends_idle_over_its_CPU_per_request()
    {
        // Arrange: busy CPUs = 0.1 + 100 µs × X exactly, on 2 cores (CpuPercent is of both)
        static StepResult Busy(int clients, double rps) => Step(clients, rps, cpu: (0.1 + (100e-6 * rps)) / 2 * 100, k6OfMachine: 60);
        var capacity = new Capacity(2600, 4000) { AtLeastBecause = StoppedBy.LoadGenerator };
        var variant = Variant(capacity, Busy(250, 500), Busy(500, 1000), Busy(1000, 2000), Busy(2600, 4000));

        // Act
        var alone = CapacityLimits.AppAloneOf(Experiment(variant), variant, RunResources.Of(Run()))!;

        // Assert: D = 100 µs, U₀ = 0.1 CPU, so X_max = (2 − 0.1) ÷ 100 µs = 19,000 req/s; an exact line leaves no spread
        Assert.Equal(100e-6, alone.DemandSeconds, 1e-9);
        Assert.Equal(0.1, alone.IdleCpus, 3);
        Assert.Equal(19_000, alone.MaxRps, 0);
        Assert.Equal(4, alone.Probes);
        // The laws' CPU bounds with R₀ = 500 ms and a 1 s SLA: ⌊1 ÷ (ln 20 × 100 µs ÷ 1.9)⌋ and ⌊1 ÷ (100 µs ÷ 1.9)⌋
        Assert.Equal(OperationalLaws.ClientsWithinShared(1, 0.5, 100e-6 / 1.9), alone.Load);
        Assert.Equal(OperationalLaws.ClientsWithinMean(1, 0.5, 100e-6 / 1.9), alone.MeanLoad);
        Assert.Contains($"the app alone on 2 CPUs: about {Format.Count(alone.Load)}–19,000 clients, up to 19,000 req/s",
            LimitText.Alone(alone, LoadModel.Closed, "req/s"), StringComparison.Ordinal);
        Assert.Contains("D = 100 µs of CPU per request", LimitText.Alone(alone, LoadModel.Closed, "req/s"), StringComparison.Ordinal);
    }

    [Fact]
    public void The_app_alone_under_a_quota_is_read_on_the_quotas_CPUs_and_its_interval_widens_with_the_spread()
    {
        // Arrange: the quota's 0.25 CPU, CpuPercent of the 1 processor .NET counted, D about 70 µs with noise
        var capacity = new Capacity(1260, 1800) { Estimate = Estimate(997, 1750) };
        var variant = Variant(capacity,
            Step(10, rps: 20, cpu: 11.2, k6OfMachine: 1),
            Step(202, rps: 404, cpu: 14.1, k6OfMachine: 8),
            Step(698, rps: 1173, cpu: 18.2, k6OfMachine: 31),
            Step(1000, rps: 1500, cpu: 21.9, k6OfMachine: 40));

        // Act
        var alone = CapacityLimits.AppAloneOf(Experiment(variant), variant, RunResources.Of(Run(quota: Quarter)))!;

        // Assert
        Assert.Equal(0.25, alone.Cpus);
        Assert.InRange(alone.DemandSeconds, 60e-6, 80e-6);
        Assert.True(alone.DemandLowSeconds < alone.DemandSeconds && alone.DemandSeconds < alone.DemandHighSeconds);
        Assert.True(alone.MaxRpsLow < alone.MaxRps && alone.MaxRps < alone.MaxRpsHigh);
        Assert.Equal((0.25 - alone.IdleCpus) / alone.DemandSeconds, alone.MaxRps, 0.01 * alone.MaxRps);
    }

    [Fact]
    public void The_app_alone_rests_on_the_fixed_rates_of_demand_where_they_ran()
    {
        // Arrange: the search's probes say 300 µs (a busy machine's noise); four fixed rates say 100 µs and 0.1 CPU idle exactly
        static StepResult Busy(int clients, double rps, double seconds) =>
            Step(clients, rps, cpu: (0.1 + (seconds * rps)) / 2 * 100, k6OfMachine: 60);
        var capacity = new Capacity(2600, 4000) { AtLeastBecause = StoppedBy.LoadGenerator };
        var variant = Variant(capacity, Busy(250, 500, 300e-6), Busy(500, 1000, 300e-6), Busy(2600, 4000, 300e-6)) with
        {
            DemandSteps = [.. Enumerable.Range(3, 4).Select(i => i * 400).Select(r => Busy(r / 2, r, 100e-6))],
        };

        // Act
        var alone = CapacityLimits.AppAloneOf(Experiment(variant), variant, RunResources.Of(Run()))!;

        // Assert
        Assert.Equal(100e-6, alone.DemandSeconds, 1e-9);
        Assert.Equal(19_000, alone.MaxRps, 0);
        Assert.Equal([1200.0, 1600, 2000, 2400], alone.Rates);
        Assert.Contains("at 4 fixed rates below saturation, 1,200–2,400 req/s; a prediction",
            LimitText.Alone(alone, LoadModel.Closed, "req/s"), StringComparison.Ordinal);
        Assert.Null(CapacityLimits.AppAloneOf(Experiment(variant), variant with { DemandSteps = null }, RunResources.Of(Run()))!.Rates);
    }

    [Fact]
    public void Fewer_than_three_throughputs_give_no_app_alone()
    {
        var capacity = new Capacity(2600, 4000) { AtLeastBecause = StoppedBy.LoadGenerator };
        var variant = Variant(capacity, Step(500, rps: 1000, cpu: 10, k6OfMachine: 20), Step(2600, rps: 4000, cpu: 25, k6OfMachine: 60));

        Assert.Null(CapacityLimits.AppAloneOf(Experiment(variant), variant, RunResources.Of(Run())));
    }

    [Theory]
    [InlineData(24.1, 1, 0.25, 96.4)]   // 24% of the 1 processor .NET counted for a quarter CPU: 96% of the quota
    [InlineData(45.0, 1, 0.5, 90.0)]
    [InlineData(30.0, 2, 1.5, 40.0)]
    public void The_apps_CPU_is_judged_against_its_quota(double percent, int processors, double quota, double ofQuota) =>
        Assert.Equal(ofQuota, StepAnalysis.OfQuota(percent, processors, quota));

    [Fact]
    public void A_step_that_missed_while_throttled_says_so_and_one_that_met_does_not()
    {
        // Arrange
        var throttled = new HostCpu(60, 30, AppThrottling: new Throttling(40, 39, 5.253));
        var terms = StepFactory.Terms(new Sla(1000, 0.01)) with { AppCpuQuota = 0.25 };

        // Act
        var missed = StepAnalysis.Analyse(StepFactory.Run("async", 1396, 17_880, p95: 1168, cpu: throttled) with { AppProcessorCount = 1 },
            terms);
        var met = StepAnalysis.Analyse(StepFactory.Run("async", 698, 11_730, p95: 704, cpu: throttled), terms);

        // Assert
        var flag = Assert.Single(missed.Flags, f => f.Kind == StepFlagKind.Throttled);
        Assert.Equal(new Throttling(40, 39, 5.253), missed.Throttling);
        Assert.Equal(
            "The SLA was missed while the app was throttled: its CPU quota ran out in 39 of 40 periods (98%), its threads waiting "
            + "5.3 s in all: a request that runs into a throttled slice waits for the next 100 ms period.",
            FlagText.Of(flag));
        Assert.DoesNotContain(met.Flags, f => f.Kind == StepFlagKind.Throttled);
        Assert.Equal(new Throttling(40, 39, 5.253), met.Throttling);
    }

    [Fact]
    public void A_miss_with_the_quota_out_in_fewer_than_one_period_in_twenty_is_not_the_quotas()
    {
        // Arrange: sleep sync under half a CPU, 20 clients on one thread: 1 of 33 periods throttled, 2 ms (2026-11-29)
        var terms = StepFactory.Terms(new Sla(1000, 0.01)) with { AppCpuQuota = 0.5 };
        StepResult Missed(Throttling throttling) => StepAnalysis.Analyse(
            StepFactory.Run("sync", 20, 19, p95: 5541, cpu: new HostCpu(10, 2, AppThrottling: throttling)) with { AppProcessorCount = 1 }, terms);

        // Act
        var once = Missed(new Throttling(33, 1, 0.002));
        var often = Missed(new Throttling(33, 2, 0.03));

        // Assert: 3% of the periods is not a flag; 6% is
        Assert.DoesNotContain(once.Flags, f => f.Kind == StepFlagKind.Throttled);
        Assert.Contains(often.Flags, f => f.Kind == StepFlagKind.Throttled);
    }

    private static KneeEstimate Estimate(int low, int high) => new(Math.Sqrt(low * (double)high), low, high, 8);

    private static RunInfo Run(CpuQuota? quota = null, CpuIsolation? isolation = null) => new(
        DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch, "test", quota?.ProcessorCount ?? isolation?.AppCores ?? 2, "Linux",
        ".NET 10", "k6", null, null, "quick", new AppTarget(AppTargetKind.BuiltApp), RunIsolation.FreshPerProbe,
        new SweepSettings(LoadModel.Closed, [1, 10, 100], 2, 4, 0, null), new Sla(1000, 0.01), CpuIsolation: isolation)
    {
        CpuQuota = quota,
    };

    private static ExperimentResult Experiment(VariantResult variant) => new(
        "sleep", "Sleep", "A lesson", new Sla(1000, 0.01), new Dictionary<string, string>(), IdealRpsPerClient: 2, [variant],
        SkippedReason: null, Gauges: [], LoadKind.Http, LoadModel.Closed);

    private static VariantResult Variant(Capacity capacity, params StepResult[] steps) =>
        new("async", "a variant", Blocking: false, steps, capacity, []);

    private static Prediction Threads()
    {
        var bound = ResourceBound.Held(ResourceKind.Threads, 2, UnitsSource.PoolMinimum, 0.5, 2, 4);
        return new Prediction(2, 4, bound, [bound], 500, PredictionOutcome.AsPredicted, 0, null, null);
    }

    private static StepResult Step(
        int clients, double rps, double? cpu = null, double? cpuOfQuota = null, double? k6OfMachine = null, bool meets = true,
        bool decided = false)
    {
        var start = DateTimeOffset.UnixEpoch;
        return new StepResult
        {
            Concurrency = clients,
            StartedAt = start,
            MeasuredFrom = start.AddSeconds(3),
            EndedAt = start.AddSeconds(10),
            DurationSeconds = 7,
            Requests = (long)Math.Round(rps * 7),
            Errors = 0,
            ErrorRate = 0,
            Rps = rps,
            MeanMs = 500,
            P95Ms = meets ? 700 : 1200,
            ServerP50Ms = 500,
            CpuPercent = cpu ?? (cpuOfQuota / 4),
            CpuOfQuotaPercent = cpuOfQuota,
            LoadGeneratorCpuPercent = k6OfMachine,
            MeetsSla = meets,
            Missed = meets ? [] : ["p95"],
            Decided = decided,
        };
    }
}
