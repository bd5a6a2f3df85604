using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Report.Formatting;
using static AsyncCapacity.Tests.Sweep.Simulation;

namespace AsyncCapacity.Tests.Sweep;

/// <summary>
/// The sweep's loop as the CLI runs it, driven in milliseconds through its port by a simulated app: the laws' knee read off the
/// probes and followed as it moves, probes that fail, the record a stopped sweep keeps, and the results built once from it.
/// </summary>
public sealed class SweepLoopTests
{
    private static readonly SearchPolicy Policy = new() { Coarse = [1, 10, 100, 1000] };

    /// <summary>A CPU-bound app on 2 cores: 50 ms at rest, and 0.5 ms of CPU a request plus 10 ms a client spread over the load
    /// (a light load costs more per request), so the laws read the knee low at first and higher as heavier probes come. Its p95
    /// is ln 20 × the mean once the CPU is busy: the SLA's 1 s is met up to 1,315 clients.</summary>
    private static SimulatedLaunch CpuBound(int clients)
    {
        var (cores, rest, demand) = (2.0, 0.05, 0.0005 * (1 + (20.0 / clients)));
        var saturated = clients * demand / rest > cores;
        var rps = saturated ? cores / demand : clients / rest;
        var mean = clients / rps;
        var p95 = saturated ? Math.Log(20) * mean : 1.2 * rest;
        return new SimulatedLaunch(p95 <= 1, Math.Log(p95))
        {
            Requests = (long)(rps * Timing.WindowSeconds),
            MeanMs = mean * 1000,
            CpuPercent = Math.Min(100, rps * demand / cores * 100),
        };
    }

    [Fact]
    public async Task The_search_goes_where_the_laws_read_the_knee_and_follows_it_as_heavier_probes_read_less_CPU_a_request()
    {
        // Arrange
        var app = new SimulatedApp(CpuBound);

        // Act: the knee from the laws themselves, as the sweep asks them after every probe
        var (finding, record) = await RunAsync(new SweepLoop(app, new SilentProgress()), Plan(Policy));

        // Assert: 1 client reads 10.5 ms of CPU a request (knee 63); 63 clients 0.66 ms (knee 1,013), reached by a jump of ×8 first
        var reasons = app.Asked.Select(o => ((SearchProbe)o.Kind).Why.Kind).ToList();
        Assert.Equal([1, 63, 504, 1013], app.Asked.Take(4).Select(o => o.Load));
        Assert.Equal([ProbeReasonKind.CoarsePass, ProbeReasonKind.PredictedKnee, ProbeReasonKind.LatestKnee, ProbeReasonKind.LatestKnee],
            reasons.Take(4));
        Assert.Equal(63, finding.PredictedKnee);
        Assert.NotNull(finding.Estimate);
        Assert.InRange(1315, finding.Estimate.LowLoad, finding.Estimate.HighLoad + 1);
        Assert.True(finding.Narrowed, $"{finding.Estimate} after {app.Asked.Count} probes");
        Assert.Equal(app.Asked.Count, record.Probes);
    }

    [Fact]
    public async Task A_probe_that_fails_is_kept_with_its_reason_and_the_search_goes_on_below_it_without_trying_it_again()
    {
        // Arrange: the app meets up to 300 clients; every probe from 200 on runs past its deadline
        var app = new SimulatedApp(c => new SimulatedLaunch(c <= 300, c <= 300 ? -1 : 1)) { Fails = o => o.Load >= 200 };

        // Act
        var (finding, record) = await RunAsync(new SweepLoop(app, new SilentProgress()), Plan(Policy));

        // Assert: a lower bound that names the failure, below the lowest load that failed and within 25% of it; nothing at or
        // above a failed load asked again
        Assert.Equal(StoppedBy.ProbeFailed, finding.AtLeastBecause);
        Assert.InRange(finding.Capacity!.Value, 160, 199);
        Assert.InRange(finding.LoadGeneratorMissedAt!.Value, 200, finding.Capacity.Value * 1.25);
        Assert.All(app.Asked.Select((order, i) => (order, i)), p => Assert.DoesNotContain(
            app.Asked.Take(p.i), earlier => earlier.Load >= 200 && p.order.Load >= earlier.Load));
        var failed = record.Of(Plan(Policy), "v").First(a => a.Measured.Result.Failed).Measured.Result;
        Assert.Equal((StepFlagKind.PastDeadline, 69.0), (failed.Flags.Single().Kind, failed.Flags.Single().Seconds));
        Assert.False(failed.Judged);
        var capacity = CapacityAnalysis.Of([.. record.Of(Plan(Policy), "v").Select(a => a.Measured.Result)], Simulation.Sla, finding).Capacity!;
        Assert.StartsWith("a lower bound: the probe at ", CapacityText.Sureness(capacity), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_variant_whose_every_probe_fails_has_no_capacity_and_says_why()
    {
        // Arrange
        var app = new SimulatedApp(_ => new SimulatedLaunch(true, -1)) { Fails = _ => true };

        // Act
        var (finding, record) = await RunAsync(new SweepLoop(app, new SilentProgress()), Plan(Policy));

        // Assert
        Assert.Equal(NoCapacityKind.ProbesFailed, finding.NoneBecause?.Kind);
        Assert.Equal(1, record.Probes);
        Assert.True(record.AllFailed);
    }

    [Fact]
    public async Task A_sweep_stopped_after_two_probes_keeps_them_and_resumed_asks_for_them_again_and_ends_as_if_never_stopped()
    {
        // Arrange: a knee at 437 clients, with launches scattered about it (seeded, one margin per launch)
        var plan = Plan(Policy);
        var (whole, wholeRecord) = await RunAsync(new SweepLoop(Scattered(), new SilentProgress()), plan);
        using var stop = new CancellationTokenSource();
        var interrupted = new SweepRecord();
        var stopping = new StoppingPort(Scattered(), o => o.Number == 2, stop);

        // Act: stopped during its third probe, then resumed from what it kept
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() =>
            new SweepLoop(stopping, new SilentProgress()).RunAsync(new RunPlan([plan], Timing), Facts(new RunPlan([plan], Timing)),
                interrupted, stop.Token));
        var live = Scattered(skip: 2);
        var progress = new SilentProgress();
        var (resumed, resumedRecord) = await RunAsync(new SweepLoop(new ReplayPort(interrupted.Recorded, live), progress), plan);

        // Assert: the two probes kept; replayed, not run again; the same finding from the same probes
        Assert.Equal(2, interrupted.Probes);
        Assert.Equal(["sim:v"], interrupted.Unfinished(new RunPlan([plan], Timing)));
        Assert.Equal(wholeRecord.Recorded.Select(r => (r.Load, r.Number)), resumedRecord.Recorded.Select(r => (r.Load, r.Number)));
        Assert.Equal(wholeRecord.Probes - 2, live.Asked.Count);
        Assert.Equal(2, progress.Told.Count(t => t.EndsWith("(recorded)", StringComparison.Ordinal)));
        Assert.Equal((whole.Capacity, whole.Estimate), (resumed.Capacity, resumed.Estimate));

        // The launches of one seeded app, the first `skip` of them already spent by the run that was stopped.
        static SimulatedApp Scattered(int skip = 0)
        {
            var launch = Search.Launches.Around(new Random(3), knee: 437, scale: 0.05, scatter: 0.15);
            for (var spent = 0; spent < skip; spent++)
            {
                launch(1);
            }

            return new SimulatedApp(load => launch(load) is var z ? new SimulatedLaunch(z <= 0, z) : null!);
        }
    }

    [Fact]
    public async Task A_record_that_parts_from_the_search_is_replayed_up_to_there_and_the_rest_is_run()
    {
        // Arrange: a record whose second probe is at a load the search does not ask for
        var plan = Plan(Policy);
        var (whole, first) = await RunAsync(new SweepLoop(new SimulatedApp(c => new SimulatedLaunch(c <= 50, c <= 50 ? -1 : 1)),
            new SilentProgress()), plan);
        RecordedProbe[] record = [first.Recorded[0], first.Recorded[1] with { Load = first.Recorded[1].Load + 1 }, first.Recorded[2]];
        var live = new SimulatedApp(c => new SimulatedLaunch(c <= 50, c <= 50 ? -1 : 1));
        var replay = new ReplayPort(record, live);

        // Act
        var (finding, resumed) = await RunAsync(new SweepLoop(replay, new SilentProgress()), plan);

        // Assert
        Assert.Equal(first.Probes - 1, live.Asked.Count);
        Assert.Equal(0, replay.Unasked);
        Assert.Equal(first.Recorded.Select(r => r.Load), resumed.Recorded.Select(r => r.Load));
        Assert.Equal(whole.Estimate, finding.Estimate);
    }

    [Fact]
    public async Task A_phase_after_the_search_runs_through_the_same_port_and_is_recorded_and_replayed_like_the_search()
    {
        // Arrange: a phase that holds the knee once more, as the horizon's sustained holds will
        var plan = Plan(Policy);
        var phase = new HoldKnee();
        var app = new SimulatedApp(c => new SimulatedLaunch(c <= 50, c <= 50 ? -1 : 1));

        // Act
        var (finding, record) = await RunAsync(new SweepLoop(app, new SilentProgress()) { Phases = [phase] }, plan);
        var live = new SimulatedApp(_ => throw new InvalidOperationException("a resumed sweep must not run a recorded probe"));
        var (_, replayed) = await RunAsync(
            new SweepLoop(new ReplayPort(record.Recorded, live), new SilentProgress()) { Phases = [phase] }, plan);

        // Assert
        var held = Assert.Single(record.Of(plan, "v", phase.Name));
        Assert.Equal(finding.Capacity, held.Measured.Result.Concurrency);
        Assert.Equal(HoldKnee.Kind.Name, app.Asked[^1].Kind.Name);
        Assert.Equal(record.Probes, app.Asked[^1].Number);
        Assert.Empty(live.Asked);
        Assert.Single(replayed.Of(plan, "v", phase.Name));
        var variant = record.Results(new RunPlan([plan], Timing), [phase]).Single().Variants.Single();
        Assert.Equal($"held once at its knee, {finding.Capacity}", variant.Description);
        Assert.DoesNotContain(variant.Steps, s => s.Concurrency == finding.Capacity && s.Pass is null);
    }

    [Fact]
    public async Task The_results_are_built_once_from_the_record_with_each_experiments_plan_and_its_skipped_and_unfinished_parts()
    {
        // Arrange: two experiments, the second skipped; one of two variants of the first searched, then stopped
        var searched = Plan(Policy with { MaxSearchProbes = 4 }, "first", "a", "b");
        var skipped = Plan(Policy, "second");
        var run = new RunPlan([searched, skipped], Timing);
        var app = new SkippingPort(new SimulatedApp(c => new SimulatedLaunch(c <= 30, c <= 30 ? -1 : 1)), "second", "no database");
        using var stop = new CancellationTokenSource();
        var record = new SweepRecord();

        // Act
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => new SweepLoop(
            new StoppingPort(app, o => o.Variant == "b", stop), new SilentProgress()).RunAsync(run, Facts(run), record, stop.Token));
        var results = record.Results(run, []);

        // Assert: the plan recorded beside the probes; a's knee estimated, b's one probe read as a grid; the second not reached
        var first = Assert.Single(results);
        Assert.Equal([1, 10, 100, 1000], first.Plan!.Steps);
        Assert.Equal((4, 8), (first.Plan.SearchProbes, first.Plan.MaxProbes));
        Assert.Equal(["a", "b"], first.Variants.Select(v => v.Name));
        Assert.Equal(["first:b", "second:v"], record.Unfinished(run));
        Assert.Equal(SearchStrategy.Estimate, first.Variants[0].Capacity?.Strategy);
        Assert.Equal(1, Assert.Single(first.Variants[1].Steps).Concurrency);
        Assert.Null(first.Variants[1].Capacity?.Strategy);
    }

    /// <summary>Holds the variant's knee once after its search, through the loop's port.</summary>
    private sealed class HoldKnee : IVariantPhase
    {
        public static readonly ProbeKind Kind = new Held();

        public string Name => "hold";

        public ProbeOrder? NextOrder(PhaseState state) => state.Done.Count > 0 || state.Finding.Capacity is not { } knee ? null
            : new ProbeOrder(state.Plan, state.Variant, knee, state.Plan.Timing.WindowSeconds, 1, state.Number, Kind);

        public VariantResult Complete(VariantResult variant, PhaseState state) =>
            state.Done.Count == 1 ? variant with { Description = $"held once at its knee, {state.Done[0].Measured.Result.Concurrency}" }
                : variant;

        private sealed record Held : ProbeKind
        {
            public override string Name => "held";
        }
    }

    /// <summary>Answers through another port, and stops the sweep (as Ctrl+C does) once it has answered the probe it waits for.</summary>
    private sealed class StoppingPort(IProbePort inner, Func<ProbeOrder, bool> stopAfter, CancellationTokenSource stop) : IProbePort
    {
        public string? SkippedReason(ExperimentPlan plan) => inner.SkippedReason(plan);

        public async Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var answer = await inner.RunAsync(order, cancellationToken);
            if (stopAfter(order))
            {
                await stop.CancelAsync();
            }

            return answer;
        }
    }

    private sealed class SkippingPort(IProbePort inner, string experiment, string reason) : IProbePort
    {
        public string? SkippedReason(ExperimentPlan plan) => plan.Id == experiment ? reason : null;

        public Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken) => inner.RunAsync(order, cancellationToken);
    }
}
