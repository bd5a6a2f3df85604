using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Laws;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;
using AsyncCapacity.Lab.Sweep;
using AsyncCapacity.Tests.Sweep;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Report;

/// <summary>
/// Golden/results-sustained-synthetic.json: the quick runs of workshop labs 2 and 7 (as recorded on 2026-11-26: Golden/recorded) with
/// the capacity over time (--sustain 2m) they would have had. The lab's own loop runs it: each variant's recorded probes answer its
/// search again, then the real <see cref="SustainedPhase"/> chooses each load to hold (the loads given, as --sustain-at gives them),
/// forecasts it and reads it; only each held second is simulated, from a pool that grows as the runs saw it (sleep by hill
/// climbing, about 0.3 and 0.7 threads a second; the blocked echo by cooperative blocking, near 4 a second), and a held load ends
/// by the rule a measured one ends by (<see cref="HoldTerms.MayEnd"/>).
/// </summary>
internal static class SyntheticSustainedRun
{
    public const string FileName = "results-sustained-synthetic.json";

    private const double Horizon = 120;

    /// <summary>The CLI's most clients (--steps): the forecasts' ceiling.</summary>
    private const int MostClients = 20_000;

    /// <summary>Labs 2 and 7 as the workshop recorded them on 2026-11-26, kept whatever the labs record since.</summary>
    private static readonly string Runs = Path.Combine(Repository.Root, "tests", "Shared", "Golden", "recorded");

    public static ResultsDocument Build()
    {
        var sleep = Read("sleep-1");
        var websocket = Read("websocket-1");
        var document = Predictions.Attach(sleep with { Experiments = [.. sleep.Experiments, .. websocket.Experiments] });
        var held = 0;
        var experiments = document.Experiments.Select(experiment => experiment with
        {
            Variants = [.. experiment.Variants.Select(variant =>
            {
                var sustained = Sustain(experiment, variant, document.Run);
                held += sustained.Holds.Sum(h => h.HeldSeconds + AppStartSeconds);
                return variant with { Sustained = sustained };
            })],
        }).ToList();
        var run = document.Run with { FinishedAt = document.Run.FinishedAt.AddSeconds(held) };
        return document with { Run = run, Experiments = experiments };
    }

    /// <summary>A fresh app per held load: built once, started in about this long.</summary>
    private const int AppStartSeconds = 3;

    /// <summary>The variant swept again through the lab's loop, alone: its recorded probes for its search, then the loads held.</summary>
    private static Sustained Sustain(ExperimentResult experiment, VariantResult variant, RunInfo run)
    {
        var simulated = Holds(experiment.Name, variant.Name);
        var plan = PlanOf(run, experiment, variant) with { Sustain = new SustainPlan(Horizon, [.. simulated.Select(h => h.Load)]) };
        var phases = new IVariantPhase[] { new SustainedPhase() };
        var loop = new SweepLoop(new SimulatedHolds(variant, run, simulated), new SilentProgress())
        {
            Phases = phases,
            Knee = (_, soFar, _) => PredictedKnee.Of(experiment, soFar, run),
        };
        var runPlan = new RunPlan([plan], Timing(run));
        var record = new SweepRecord();
        loop.RunAsync(runPlan, Facts(run, runPlan), record, CancellationToken.None).GetAwaiter().GetResult();
        return record.Results(runPlan, phases).Single().Variants.Single().Sustained!;
    }

    /// <summary>The run's own timing and facts, so that the laws read the variant as the recorded run did.</summary>
    private static ProbeTiming Timing(RunInfo run) => new(run.Settings.WarmupSeconds, run.Settings.StepSeconds, 1, 2);

    private static RunFacts Facts(RunInfo run, RunPlan plan) => new(run.StartedAt, run.FinishedAt, run.K6Version, run.Machine,
        run.Target, run.Isolation, run.Settings with { Steps = plan.AllSteps }, run.Sla);

    /// <summary>The variant alone, as the run searched it: its coarse steps, its search's budget, its headline.</summary>
    private static ExperimentPlan PlanOf(RunInfo run, ExperimentResult experiment, VariantResult variant)
    {
        var steps = variant.Steps.Where(s => s.Pass is null or ProbePass.Coarse).Select(s => s.Concurrency).Distinct().Order().ToList();
        var declared = new Experiment(experiment.Name, 1, experiment.Title, experiment.Lesson, experiment.Load,
            [new Variant(variant.Name, variant.Blocking, "GET", "/", variant.Description, variant.Holds)], [], steps,
            new DeclaredSla(experiment.Sla.P95Ms, experiment.Sla.MaxErrorRate * 100), Headline: experiment.Headline);
        var search = new SearchPolicy
        {
            Coarse = steps,
            Refine = true,
            Ceiling = MostClients,
            Headline = experiment.Headline,
            WindowSeconds = run.Settings.StepSeconds,
            MaxSearchProbes = experiment.Plan?.SearchProbes ?? SearchPolicy.DefaultSearchProbes,
        };
        return new ExperimentPlan(declared, experiment.Parameters, ExperimentTerms.Of(declared, experiment.Sla, experiment.Model), search,
            Timing(run));
    }

    /// <summary>Each held load: its load and the pool's threads each second from the load's start.</summary>
    private static IReadOnlyList<Simulated> Holds(string experiment, string variant) => (experiment, variant) switch
    {
        // Thread.Sleep(500): nothing tells the pool it blocks, and a thread frees every 500 ms, so the gate never starves:
        // hill climbing alone, about 0.6 threads a second at 44 clients, 0.7 at 478; it stops once nothing waits.
        ("sleep", "sync") =>
        [
            new(4, t => t < 4 ? 2 : t < 8 ? 3 : t == 8 ? 5 : 6, Sleep),
            new(44, t => Math.Min(2 + (int)(0.63 * t), 46), Sleep),
            new(478, t => 2 + (int)(0.7 * t), Sleep),
        ],
        ("sleep", "async") => [new(3352, t => 6 + (t % 5 == 0 ? 1 : 0), Awaited(500, 1.9))],
        // GetResult() tells the pool: cooperative blocking's delays, a little under its 4 threads a second, until every session
        // has its thread.
        ("websocket", "sync") => [.. EchoLoads.Select(load => new Simulated(load, t => Echo(t, load), Session))],
        ("websocket", "async") => [new(582, t => 7 - (t % 3 == 0 ? 1 : 0), Awaited(62, 25))],
        _ => [],
    };

    private static readonly int[] EchoLoads = [70, 140, 280, 560];

    private static int Echo(int second, int load) => Math.Min(20 + (int)(3.8 * second), load + 3);

    /// <summary>Each second of a held load as the simulated pool serves it, until it may end as a measured one does.</summary>
    private static List<HeldSecond> Seconds(Simulated hold, HoldTerms terms)
    {
        var seconds = new List<HeldSecond>();
        var completed = 0.0;
        for (var t = 0; t < Horizon; t++)
        {
            var threads = hold.Threads(t);
            var second = hold.Second(hold.Load, t, threads, completed);
            completed += second.Requests;
            seconds.Add(second with
            {
                PoolThreads = threads,
                WorkingSetMb = Math.Round((terms.Sessions ? 96 : 62) + ((terms.Sessions ? 0.28 : 0.12) * threads), 1),
                SessionsFailed = terms.Sessions ? second.SessionsFailed ?? 0 : null,
                SessionsDropped = terms.Sessions ? 0 : null,
            });
            if (terms.MayEnd(seconds))
            {
                break;
            }
        }

        return seconds;
    }

    /// <summary>Requests of 500 ms: each thread but the one that runs the app's completions serves two a second, in lockstep
    /// rounds, so with fewer threads than clients a request waits a round more than the SLA allows; until the first round is
    /// through, a request completing has waited since the load began.</summary>
    private static HeldSecond Sleep(int load, int t, int threads, double completed)
    {
        var served = Math.Min(load, Math.Max(1, threads - 1));
        var perSecond = 2 * served;
        var p95 = completed + perSecond < load ? ((t + 1) * 1000.0) + 2 : (502.0 * Math.Ceiling(load / (double)served)) + (t % 3);
        var cpu = Math.Round(1.5 + (perSecond * 0.008), 1);
        return new HeldSecond(t, perSecond, 0, Math.Round(p95, 1)) { QueueLength = load - served, CpuPercent = Math.Min(cpu, 60) };
    }

    /// <summary>An echo session holds a thread for its life; while the pool has fewer than a thread a session and one for the
    /// completions, the blocked loops starve the completions and no echo returns, and a client still waiting after 10 s gives up
    /// (k6-scripts/lib/websocket.js) and connects again.</summary>
    private static HeldSecond Session(int load, int t, int threads, double completed)
    {
        var served = threads - 1;
        if (served < load)
        {
            return new HeldSecond(t, 0, 0, null)
            {
                SessionsFailed = t >= 10 ? (long)Math.Ceiling((load - served) / 10.0) : 0,
                QueueLength = load - served,
                CpuPercent = 3.1,
            };
        }

        return new HeldSecond(t, 25L * load, 0, 4 + (t % 4)) { QueueLength = 1, CpuPercent = Math.Min(60, 12 + (load * 0.02)) };
    }

    /// <summary>An awaiting variant: every client served from the first second with a handful of threads.</summary>
    private static Func<int, int, int, double, HeldSecond> Awaited(double p95Ms, double perClient) => (load, t, threads, completed) =>
        new HeldSecond(t, (long)(perClient * load * (t == 0 ? 0.8 : 1)), 0, Math.Round(p95Ms * (1.1 + (0.05 * (t % 4))), 1))
        {
            QueueLength = t % 3,
            CpuPercent = 22 + (t % 5),
        };

    private static ResultsDocument Read(string name)
    {
        var path = Path.Combine(Runs, $"{name}.json");
        var document = ResultsJson.Deserialize(File.ReadAllText(path), path);
        // The workshop keeps its runs without the variants' timelines (`capacity docs keep`); the horizon is the one a sweep now records.
        return document with
        {
            Experiments = [.. document.Experiments.Select(e => e with
            {
                Variants = [.. e.Variants.Select(v => v with
                {
                    Timeline = [],
                    Capacity = v.Capacity is null ? null : v.Capacity with { HorizonSeconds = KneeHorizon.Of(v, document.Run) },
                })],
            })],
        };
    }

    private sealed record Simulated(int Load, Func<int, int> Threads, Func<int, int, int, double, HeldSecond> Second);

    /// <summary>The port the loop probes: a search probe answered with the step recorded in its place, a held load simulated.</summary>
    private sealed class SimulatedHolds(VariantResult variant, RunInfo run, IReadOnlyList<Simulated> holds) : IProbePort
    {
        private readonly Queue<StepResult> _recorded = new(variant.Steps.OrderBy(s => s.StartedAt));

        /// <summary>The app as the run described it: the laws count its pool and CPU from it.</summary>
        private RuntimeReport App => new(run.DotnetVersion, run.Cores, run.Cores, run.Cores, 32767, 1000, 1000, 1, null,
            new RuntimeSample(run.StartedAt.ToUnixTimeMilliseconds(), run.Cores, 0, 0, 0, 0, 0, 0), []);

        public Task<ProbeAnswer> RunAsync(ProbeOrder order, CancellationToken cancellationToken)
        {
            if (order.Kind is HoldProbe hold)
            {
                var simulated = holds.Single(h => h.Load == order.Load);
                return Task.FromResult(new ProbeAnswer(null, App)
                {
                    Hold = HoldReading.Of(order.Load, Seconds(simulated, hold.Terms), hold.Terms, hold.Forecast),
                });
            }

            var step = _recorded.Dequeue();
            if (step.Concurrency != order.Load)
            {
                throw new InvalidOperationException($"{variant.Name}: the search asked for {order.Load}, the run recorded {step.Concurrency}");
            }

            return Task.FromResult(new ProbeAnswer(new AnalysedStep(order.Variant, step.StartedAt.ToUnixTimeMilliseconds(), step, []), App));
        }
    }
}
