using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Tests.Sweep;

/// <summary>A sweep of one simulated variant through the lab's own loop (<see cref="SweepLoop"/>): what the tests of the search and
/// of the loop play, in milliseconds.</summary>
internal static class Simulation
{
    public static readonly Sla Sla = new(1000, 0.01);

    public static readonly ProbeTiming Timing = new(WarmupSeconds: 2, WindowSeconds: 4, TailSeconds: 1, StartSeconds: 2);

    /// <summary>An experiment of one variant, "sim", planned with the given search.</summary>
    public static ExperimentPlan Plan(SearchPolicy policy, string id = "sim", params string[] variants)
    {
        var declared = new Experiment(id, 1, id, "simulated", LoadKind.Http,
            [.. (variants.Length > 0 ? variants : ["v"]).Select(v => new Variant(v, Blocking: false, "GET", $"/{id}/{v}", v))], [],
            policy.Coarse, new DeclaredSla(Sla.P95Ms, Sla.MaxErrorRate * 100));
        return new ExperimentPlan(declared, new Dictionary<string, string>(), ExperimentTerms.Of(declared, Sla, LoadModel.Closed),
            policy with { WindowSeconds = Timing.WindowSeconds }, Timing);
    }

    public static RunFacts Facts(RunPlan plan) => new(DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch, "k6 v2.2.0", "simulated",
        new AppTarget(AppTargetKind.BuiltApp), RunIsolation.FreshPerProbe,
        new SweepSettings(LoadModel.Closed, plan.AllSteps, Timing.WarmupSeconds, Timing.WindowSeconds, 0, null), Sla);

    /// <summary>Plays the loop against a truth until the search is done: every probe a fresh launch.</summary>
    /// <param name="meets">The truth: whether a launch at this load meets the SLA.</param>
    /// <param name="knee">What the laws put the knee at from the probes so far (asked after every probe); null: nothing binds.</param>
    /// <param name="latestKnee">Where the laws' knee moves as probes come; it wins over <paramref name="knee"/> where it says.</param>
    /// <param name="margin">A launch's ln(p95 ÷ SLA) at a load; by default well below or well above the SLA, as a sharp knee's.</param>
    public static async Task<(SearchFinding Finding, List<ProbeOutcome> Probes)> PlayAsync(
        SearchPolicy policy, Func<int, bool> meets, int loadGeneratorBoundFrom = int.MaxValue, int? knee = null,
        Func<IReadOnlyList<ProbeOutcome>, int?>? latestKnee = null, Func<int, bool, double?>? margin = null)
    {
        var app = new SimulatedApp(load => meets(load) is var met ? new SimulatedLaunch(met, margin?.Invoke(load, met) ?? (met ? -1 : 1)) : null!)
        {
            LoadGeneratorBoundFrom = loadGeneratorBoundFrom,
        };
        var plan = Plan(policy);
        var loop = new SweepLoop(app, new SilentProgress())
        {
            Knee = (_, variant, _) => latestKnee?.Invoke(CapacityAnalysis.Outcomes(variant.Steps, Sla)) ?? knee,
        };
        var (finding, record) = await RunAsync(loop, plan);
        return (finding, [.. record.Of(plan, "v").Select(a => CapacityAnalysis.Outcome(a.Measured.Result, Sla))]);
    }

    public static async Task<(SearchFinding Finding, SweepRecord Record)> RunAsync(SweepLoop loop, ExperimentPlan plan)
    {
        var run = new RunPlan([plan], Timing);
        var record = new SweepRecord();
        await loop.RunAsync(run, Facts(run), record, CancellationToken.None);
        return (record.FindingOf(plan, plan.Declaration.Variants[0].Name)!, record);
    }
}

/// <summary>Watches the loop and says nothing; keeps what it was told.</summary>
internal sealed class SilentProgress : ISweepProgress
{
    public List<string> Told { get; } = [];

    public void Skipped(ExperimentPlan plan, string reason) => Told.Add($"skipped {plan.Id}: {reason}");

    public void ProbeStarting(ProbeOrder order) => Told.Add($"starting {order.Name}");

    public void ProbeDone(ProbeOrder order, ProbeAnswer answer) => Told.Add($"done {order.Name}{(answer.Replayed ? " (recorded)" : "")}");

    public void VariantDone(ExperimentPlan plan, string variant) => Told.Add($"variant {plan.Id}:{variant}");
}
