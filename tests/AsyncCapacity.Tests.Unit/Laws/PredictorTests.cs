using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Report.Formatting;

namespace AsyncCapacity.Tests.Laws;

public sealed class PredictorTests
{
    private static readonly RunResources TwoCores = new(AppCores: 2, PoolMinimum: 2, DbPoolSize: 100, AuditWriters: 5, SharedCores: 2);

    [Fact]
    public void A_hard_cap_of_two_threads_predicts_two_clients_and_the_measurement_agrees()
    {
        // Arrange: Thread.Sleep(500) on a pool of 2 (seed 001): 3 clients missed with p95 just above 1 s.
        var variant = Variant(
            new Capacity(2, 4) { MissedAt = 3 },
            Step(1, rps: 2, meanMs: 502, serverMs: 500, cpu: 1),
            Step(2, rps: 4, meanMs: 502, serverMs: 500, cpu: 2),
            Step(3, rps: 5.6, meanMs: 530, serverMs: 500, cpu: 2, meets: false),
            Step(10, rps: 8, meanMs: 1250, serverMs: 500, cpu: 3, meets: false));

        // Act
        var prediction = Predictor.Predict(Experiment(variant), variant, [new Hold(HeldResource.Threads)], TwoCores)!;

        // Assert
        Assert.Equal((2, 4), (prediction.Load, prediction.MeanLoad));
        Assert.Equal(ResourceKind.Threads, prediction.Binding.Resource);
        Assert.Equal(PredictionOutcome.AsPredicted, prediction.Outcome);
        Assert.Equal(0, prediction.ErrorPercent);
        // 2 if the third client waits a whole 500 ms (lockstep), 4 by the bound on the mean: 4 × 250 ms ≤ 1 s.
        Assert.Equal("pool threads: 2 threads (the pool's minimum) ÷ 500 ms each = 4.0 req/s",
            PredictionText.Bound(prediction.Binding, "req/s"));
        Assert.Equal(
            "Predicted 2–4 clients, bound by pool threads: 2 threads (the pool's minimum) ÷ 500 ms each = 4.0 req/s. "
            + "Measured 2: within the prediction.",
            PredictionText.Sentence(Experiment(variant), variant with { Prediction = prediction }));
    }

    [Fact]
    public void A_pool_that_grew_during_the_probe_explains_a_capacity_above_the_prediction()
    {
        // Arrange: a blocking database call of 51 ms; the pool's 2 threads grew to 10 while 50 clients waited.
        var variant = Variant(
            new Capacity(50, 113) { MissedAt = 100 },
            Step(1, rps: 19, meanMs: 52, serverMs: 51, cpu: 20),
            Step(50, rps: 113, meanMs: 444, serverMs: 51, cpu: 28, threadsAtEnd: 10),
            Step(100, rps: 150, meanMs: 700, serverMs: 51, cpu: 28, meets: false, threadsAtEnd: 14));

        // Act
        Hold[] holds = [new(HeldResource.Threads), new(HeldResource.DbConnections)];
        var prediction = Predictor.Predict(Experiment(variant), variant, holds, TwoCores)!;

        // Assert: 2 × ⌊1 + (1 − 0.052) ÷ 0.051⌋ = 38 (by the mean, ⌊1 ÷ (0.051 ÷ 2)⌋ = 39);
        // with 10 threads, ⌊1 ÷ 0.0051⌋ = 196.
        Assert.Equal(38, prediction.Load);
        Assert.Equal(PredictionOutcome.Above, prediction.Outcome);
        Assert.Equal(new PoolGrew(At: 50, From: 2, To: 10, Allows: 196), prediction.Reason);
        var why = PredictionText.Reason(prediction.Reason!, Experiment(variant), prediction.Binding);
        Assert.Contains("the pool grew from 2 to 10 threads during the probe at 50 clients", why);
        Assert.Contains("with 10 threads the laws allow 196", why);
        Assert.Equal(1900, prediction.Bounds.Single(b => b.Resource == ResourceKind.DbConnections).Load);
    }

    public static TheoryData<string, int, int, int, long, Saturation?, double, PredictionReason?> GrowthCases => new()
    {
        // connections sync, Thread.Sleep(2000) with a 2.5 s SLA: starvation grows 2 threads to 4 by 1.5 s (a thread then
        // frees every 500 ms), which allow 4–5; measured 5: as the growth predicted (the static bound said 2)
        { "grown by starvation", 2000, 5, 6, 0, null, 0, null },
        // db sync, 51 ms holds: a thread frees every 25 ms, starvation never fires, the grown pool is the minimum's 38–39;
        // hill climbing added 13 threads at 63 and the knee came at 57: the card says the law does not predict that
        { "grown by hill climbing", 51, 57, 63, 13, null, (57 - 39) / 39.0 * 100, new HillClimbed(63, 15, 13, 42) },
        // the same call below its law: k6 ran out of CPU at the knee
        { "below it, k6 short", 51, 20, 25, 0, Saturation.LoadGenerator, (20 - 38) / 38.0 * 100, new LoadGeneratorShort(25) },
    };

    [Theory]
    [MemberData(nameof(GrowthCases))]
    public void Where_pool_threads_bind_the_knee_is_read_against_the_grown_pool_too(
        string @case, int holdMs, int measured, int missedAt, long climbed, Saturation? saturated, double error, PredictionReason? broke)
    {
        // Arrange: the standard probe (3 s warm-up, 7 s measured) on 2 cores, the pool's minimum 2
        var slaMs = holdMs >= 1000 ? 2500 : 1000;
        var adjustments = climbed > 0
            ? new Dictionary<string, PoolAdjustmentTotals> { [PoolAdjustmentReasons.ClimbingMove] = new(9, climbed, 0) }
            : null;
        var variant = Variant(
            new Capacity(measured, measured * 1000.0 / holdMs) { MissedAt = missedAt },
            Step(1, rps: 1000.0 / (holdMs + 1), meanMs: holdMs + 1, serverMs: holdMs, cpu: 1),
            Step(measured, rps: measured * 0.9, meanMs: holdMs * 1.5, serverMs: holdMs, cpu: 5, threadsAtEnd: 15),
            Step(missedAt, rps: measured, meanMs: slaMs * 1.2, serverMs: holdMs, cpu: 5, meets: false, threadsAtEnd: 15,
                saturated: saturated, adjustments: adjustments));
        var experiment = Experiment(variant, slaMs);
        var grown = PoolGrowth.Predict(PoolInjection.Starvation, 2, 2, holdMs / 1000.0, 3, 7, slaMs / 1000.0, (holdMs + 1) / 1000.0);

        // Act
        var prediction = Predictor.Predict(experiment, variant, [new Hold(HeldResource.Threads)], TwoCores, grown)!;

        // Assert
        Assert.Equal(ResourceKind.Threads, prediction.Binding.Resource);
        Assert.NotNull(prediction.Grown);
        Assert.Equal(error, prediction.Grown.ErrorPercent!.Value, precision: 6);
        Assert.True(Equals(broke, prediction.Grown.Broke), $"{@case}: {prediction.Grown.Broke}");
        var json = System.Text.Json.JsonSerializer.Serialize(prediction, ResultsJson.Options);
        Assert.Equal(prediction.Grown, System.Text.Json.JsonSerializer.Deserialize<Prediction>(json, ResultsJson.Options)!.Grown);
        var sentence = PredictionText.Sentence(experiment, variant with { Prediction = prediction });
        Assert.Contains("As the pool grows within a probe (starvation injection", sentence);
        Assert.Contains(broke is null ? "measured as that predicted (+0%)." : "of it, as ", sentence);
    }

    [Fact]
    public void Below_the_grown_pool_a_thread_held_longer_than_at_the_lightest_load_is_what_broke()
    {
        // Arrange: .Result on a 100 ms Task.Delay (the foreign app's bug): cooperative blocking grows the pool to 25 threads
        // by the window's start (3 s) and 53 by its end, which would allow 25 × ⌊1 + 0.899 ÷ 0.1⌋ = 225 to ⌊1 ÷ (0.1 ÷ 53)⌋ =
        // 530 clients, yet 33 missed: (20 + 34) ÷ 2 threads ÷ 104 req/s held each 260 ms.
        var variant = Variant(
            new Capacity(30, 149) { MissedAt = 33 },
            Step(1, rps: 9.9, meanMs: 101, serverMs: 100, cpu: 1),
            Step(30, rps: 149, meanMs: 195, serverMs: 100, cpu: 5, threadsAtEnd: 41),
            Step(33, rps: 104, meanMs: 394, serverMs: 100, cpu: 5, meets: false, threadsAtStart: 20, threadsAtEnd: 34));
        var grown = PoolGrowth.Predict(PoolInjection.CooperativeBlocking, 2, 2, 0.1, 3, 7, 1, 0.101);

        // Act
        var prediction = Predictor.Predict(Experiment(variant), variant, [new Hold(HeldResource.Threads)], TwoCores, grown)!;

        // Assert
        Assert.Equal((225, 530), (prediction.Grown!.Low, prediction.Grown.High));
        var broke = Assert.IsType<HeldLonger>(prediction.Grown.Broke);
        Assert.Equal((33, 260, 100), (broke.At, Math.Round(broke.HeldMs), broke.LightestMs));
        Assert.EndsWith("2.6× the 100 ms of the lightest load, and the law counts the latter: the task a blocked thread waits for "
            + "completes on a pool thread too, queued behind new requests",
            PredictionText.Reason(broke, Experiment(variant), prediction.Binding));
    }

    [Fact]
    public void The_grown_pool_is_read_only_where_pool_threads_bind()
    {
        // Arrange: the audit log's 5 writers × 31 ms bind before the pool's 2 threads × 31 ms do not: threads never bind
        var variant = Variant(
            new Capacity(10, 300) { MissedAt = 20 },
            Step(1, rps: 30, meanMs: 32, serverMs: 31, cpu: 20),
            Step(20, rps: 310, meanMs: 1200, serverMs: 31, cpu: 26, meets: false));
        var grown = PoolGrowth.Predict(PoolInjection.Starvation, 2, 2, 0.031, 3, 7, 1, 0.032);

        // Act
        var prediction = Predictor.Predict(Experiment(variant), variant, [new Hold(HeldResource.AuditWriters)], TwoCores, grown)!;

        // Assert
        Assert.Equal(ResourceKind.AuditWriters, prediction.Binding.Resource);
        Assert.Null(prediction.Grown);
    }

    [Fact]
    public void A_lower_bound_from_k6_carries_the_apps_own_limit_by_its_cpu_per_request()
    {
        // Arrange: await Task.Delay(500): k6 gave out above 2,000 clients. The app's CPU: 0.02 cores whatever the load
        // plus 50 µs per request; the machine's (the app and k6): 0.1 cores plus 200 µs per request.
        static StepResult At(int clients, double rps, bool meets = true, Saturation? saturated = null) =>
            Step(clients, rps, meanMs: 503, serverMs: 500, cpu: (0.02 + (rps * 0.00005)) / 2 * 100,
                machine: (0.1 + (rps * 0.0002)) / 2 * 100, meets: meets, saturated: saturated) with
            {
                LoadGeneratorCpuPercent = rps * 0.00015 / 2 * 100,
            };
        var variant = Variant(
            new Capacity(2000, 3800) { AtLeastBecause = StoppedBy.LoadGenerator, LoadGeneratorMissedAt = 4000 },
            At(1, 2), At(1000, 1990), At(2000, 3800), At(4000, 5300, meets: false, saturated: Saturation.LoadGenerator));
        var experiment = Experiment(variant);

        // Act
        var prediction = Predictor.Predict(experiment, variant, [], TwoCores)!;
        var sentence = PredictionText.Sentence(experiment, variant with { Prediction = prediction });

        // Assert: the demands are the slopes, not busy ÷ throughput (which would count the idle cores' share too).
        Assert.Equal(0.2, prediction.Bounds.Single(b => b.Resource == ResourceKind.MachineCpu).HoldMs!.Value, 6);
        Assert.Equal(ResourceKind.MachineCpu, prediction.Binding.Resource);
        Assert.Equal((3338, 10_000), (prediction.Load, prediction.MeanLoad));
        Assert.Equal(PredictionOutcome.LowerBound, prediction.Outcome);
        var own = PredictionText.OwnLimit(prediction)!;
        Assert.Equal((ResourceKind.Cpu, 13_352, 40_000), (own.Resource, own.Load, own.MeanLoad));
        Assert.Equal("a lower bound: the load generator stopped first", PredictionText.Outcome(prediction, variant.Capacity));
        Assert.Equal("a lower bound: the highest load tested was below it",
            PredictionText.Outcome(prediction, variant.Capacity! with { AtLeastBecause = StoppedBy.HighestStep }));
        Assert.Contains("Measured ≥ 2,000: a lower bound: the load generator stopped first. "
            + "k6 used 29% of the machine's CPUs at 2,000 clients, 40% at 4,000 where a run missed.", sentence);
        Assert.Contains(
            "The app's own limit by the laws (without k6 on its cores): ≈ 13,352–40,000 clients, "
            + "the app's CPU: 2 cores ÷ 50 µs of CPU per request = 40,000 req/s.", sentence);
    }

    [Fact]
    public void With_demand_the_apps_CPU_bound_is_its_CPUs_less_its_idle_work_over_the_fixed_rates_slope_as_the_app_alone_says()
    {
        // Arrange: the search's probes say 250 µs at the busiest (the idle work counted in); four fixed rates say 0.1 CPU idle
        // and 50 µs per request exactly
        static StepResult At(int clients, double rps, double cpuCores) =>
            Step(clients, rps, meanMs: 503, serverMs: 500, cpu: cpuCores / 2 * 100, machine: 90);
        var variant = Variant(new Capacity(2000, 3800) { AtLeastBecause = StoppedBy.LoadGenerator }, At(1, 2, 0.1), At(2000, 3800, 0.95))
            with
        {
            DemandSteps = [.. Enumerable.Range(1, 4).Select(i => At(i * 500, i * 500, 0.1 + (i * 500 * 50e-6)))],
        };
        var experiment = Experiment(variant);

        // Act
        var withDemand = Predictor.Predict(experiment, variant, [], TwoCores)!.Bounds.Single(b => b.Resource == ResourceKind.Cpu);
        var without = Predictor.Predict(experiment, variant with { DemandSteps = null }, [], TwoCores)!.Bounds
            .Single(b => b.Resource == ResourceKind.Cpu);

        // Assert: (2 − 0.1) ÷ 50 µs = 38,000 req/s, the app alone's X_max
        Assert.Equal(0.05, withDemand.HoldMs!.Value, 6);
        Assert.Equal(38_000, withDemand.MaxRps!.Value, 1);
        Assert.Equal(CapacityLimits.AppAloneOf(experiment, variant, TwoCores)!.MaxRps, withDemand.MaxRps!.Value, 1);
        Assert.Equal(0.95 / 3800 * 1000, without.HoldMs!.Value, 6);
    }

    [Fact]
    public void A_capacity_below_the_prediction_names_k6_when_it_was_short_of_cpu_at_the_knee()
    {
        // Arrange: 5 writers × 31 ms allow 155 clients; k6 ran out of CPU at 20.
        var variant = Variant(
            new Capacity(10, 300) { MissedAt = 20 },
            Step(1, rps: 30, meanMs: 32, serverMs: 31, cpu: 20),
            Step(10, rps: 300, meanMs: 33, serverMs: 31, cpu: 25),
            Step(20, rps: 310, meanMs: 64, serverMs: 31, cpu: 26, meets: false, saturated: Saturation.LoadGenerator));

        // Act
        var isolated = TwoCores with { SharedCores = null };
        var prediction = Predictor.Predict(Experiment(variant), variant, [new Hold(HeldResource.AuditWriters)], isolated)!;

        // Assert
        Assert.Equal(PredictionOutcome.Below, prediction.Outcome);
        Assert.Equal(new LoadGeneratorShort(At: 20), prediction.Reason);
        Assert.Equal("k6 was short of CPU at 20 clients, so the load was not what it asked",
            PredictionText.Reason(prediction.Reason!, Experiment(variant), prediction.Binding));
        Assert.Equal((10 - prediction.Load) / (double)prediction.Load * 100, prediction.ErrorPercent);
    }

    [Fact]
    public void Nothing_to_bound_predicts_nothing()
    {
        var variant = Variant(
            new Capacity(10, 20),
            Step(1, rps: 2, meanMs: 500, serverMs: 500, cpu: null),
            Step(10, rps: 20, meanMs: 500, serverMs: 500, cpu: null));

        Assert.Null(Predictor.Predict(Experiment(variant), variant, [], TwoCores with { SharedCores = null }));
    }

    [Theory]
    [InlineData(true, 510, 0.510)] // the lightest load met the SLA: one request's response time, as measured
    [InlineData(false, 2400, 0.500)] // it missed (C10k starts at 1,000 clients): its mean had queued; the time inside the app
    public void R0_is_the_lightest_loads_mean_only_where_nothing_queued(bool lightestMet, double meanMs, double expectedSeconds)
    {
        // Arrange
        var steps = new[]
        {
            Step(1000, rps: 400, meanMs: meanMs, serverMs: 500, cpu: 30, meets: lightestMet),
            Step(2000, rps: 500, meanMs: 4000, serverMs: 500, cpu: 40, meets: false),
        };

        // Act
        var r0 = ServiceDemand.ResponseSeconds(steps, idealRpsPerClient: 2);

        // Assert
        Assert.Equal(expectedSeconds, r0!.Value, precision: 3);
    }

    public static TheoryData<string, double[], double[], double> CpuSeries => new()
    {
        // Busy cores = 0.1 + 100 µs × throughput: the slope, without the 0.1 core the app burns whatever the load
        { "a line", [1000, 2000, 4000], [10, 15, 25], 100e-6 },
        // content file in a standard run: k6 held throughput near flat while the app's CPU share fell (its first load
        // ping-ponged, one request at a time); the slope (17 µs, R² 0.02) is noise: U ÷ X at the busiest, 0.59 ÷ 6,105
        { "a k6-bound scatter", [2779, 5591, 6105, 4105, 3506], [43.9, 39.4, 29.5, 26.9, 25.9], 0.59 / 6105 },
        // websocket async: a negative slope, the same fallback
        { "a falling series", [1000, 1500, 2000], [20, 18, 16], 0.32 / 2000 },
    };

    [Theory]
    [MemberData(nameof(CpuSeries))]
    public void The_CPU_demand_is_the_slope_where_the_probes_lie_along_it_else_U_over_X_at_the_busiest(
        string series, double[] rps, double[] cpuPercent, double expectedSeconds)
    {
        // Arrange
        var steps = rps.Select((x, i) => Step((i + 1) * 10, rps: x, meanMs: 5, serverMs: 1, cpu: cpuPercent[i])).ToList();

        // Act
        var demand = ServiceDemand.CpuSeconds(steps, cores: 2);

        // Assert
        Assert.True(demand is not null, series);
        Assert.Equal(expectedSeconds * 1e6, demand.Value.Seconds * 1e6, precision: 1);
    }

    private static ExperimentResult Experiment(VariantResult variant, double slaMs = 1000) => new(
        "lab", "A lab", "A lesson", new Sla(slaMs, 0.01), new Dictionary<string, string>(), IdealRpsPerClient: null, [variant],
        SkippedReason: null, Gauges: [], LoadKind.Http, LoadModel.Closed);

    private static VariantResult Variant(Capacity capacity, params StepResult[] steps) =>
        new("sync", "a variant", Blocking: true, steps, capacity, []);

    private static StepResult Step(
        int clients, double rps, double meanMs, double serverMs, double? cpu, double? machine = null, bool meets = true,
        int threadsAtEnd = 3, Saturation? saturated = null, int threadsAtStart = 3, IReadOnlyDictionary<string, PoolAdjustmentTotals>? adjustments = null)
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
            MeanMs = meanMs,
            P95Ms = meanMs * 1.05,
            ServerP50Ms = serverMs,
            CpuPercent = cpu,
            MachineCpuPercent = machine ?? cpu,
            ThreadsAtStart = threadsAtStart,
            ThreadsAtEnd = threadsAtEnd,
            MeetsSla = meets,
            Missed = meets ? [] : ["p95"],
            Saturated = saturated,
            Adjustments = adjustments,
        };
    }
}
