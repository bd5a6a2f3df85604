using AsyncCapacity.Lab.Horizon;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Sweep;

namespace AsyncCapacity.Cli.Options;

/// <summary>The options as given; <see cref="ExperimentPlans"/> resolves each experiment's plan from them once.</summary>
internal sealed record SweepRequest
{
    public IReadOnlyList<Experiment> Experiments { get; init; } = [];

    public SweepProfile Profile { get; init; } = SweepProfile.Standard;

    public double WarmupSeconds { get; init; }

    public double StepSeconds { get; init; }

    public double CooldownSeconds { get; init; }

    public Uri? Target { get; init; }

    public int? TargetProcessId { get; init; }

    public UserApp? App { get; init; }

    /// <summary>Null: the lab's /healthz.</summary>
    public string? ReadyPath { get; init; }

    public string OutputDirectory { get; init; } = "";

    public IReadOnlyList<Scoped<int[]>> StepOverrides { get; init; } = [];

    public IReadOnlyList<Scoped<double>> SlaP95Overrides { get; init; } = [];

    public IReadOnlyList<Scoped<double>> SlaErrorOverrides { get; init; } = [];

    public IReadOnlyDictionary<string, IReadOnlyDictionary<string, string>> Parameters { get; init; } =
        new Dictionary<string, IReadOnlyDictionary<string, string>>();

    public int? MinWorkerThreads { get; init; }

    public DatabaseSettings Database { get; init; } = new("PostgreSQL", null, DatabaseSettings.DefaultPoolSize);

    public RequestQueueSettings? RequestQueue { get; init; }

    public LoadModel Model { get; init; } = LoadModel.Closed;

    public IReadOnlyDictionary<string, string> AppSettings { get; init; } = new Dictionary<string, string>();

    public bool Baseline { get; init; }

    public bool Search { get; init; } = true;

    public IReadOnlyList<Scoped<int>> ProbeOverrides { get; init; } = [];

    public bool Stacks { get; init; } = true;

    public LiveChoice? Live { get; init; }

    public CpuIsolation? Isolation { get; init; }

    /// <summary>--app-cpus: the app's CPU quota in CPUs, as a pod's limits.cpu; null: none.</summary>
    public double? AppCpus { get; init; }

    /// <summary>--demand: each variant's CPU per request read at fixed arrival rates after its search.</summary>
    public bool Demand { get; init; }

    /// <summary>--sustain: the horizon loads are held up to, after each variant's knee; null: no holds.</summary>
    public double? SustainSeconds { get; init; }

    /// <summary>--sustain-at: the loads to hold, instead of the laws' choice.</summary>
    public IReadOnlyList<Scoped<int[]>> SustainAt { get; init; } = [];

    /// <summary>--load-runners or --load-hosts: the k6 runners every probe is split over; null: one k6 on this machine.</summary>
    public IReadOnlyList<LoadRunner>? LoadRunners { get; init; }

    /// <summary>Kept on after each window while the stacks are taken, so the window itself is not disturbed.</summary>
    public double TailSeconds => Stacks && (Target is null || TargetProcessId is not null) ? StackTailSeconds : 0;

    /// <summary>Long enough for a snapshot: its session took 0.17 s median, 0.44 s in all at most, over a standard sweep here.</summary>
    public const double StackTailSeconds = 1;

    /// <summary>Without its own app the harness cannot restart the target, so it waits out idle threads (~20 s) instead.</summary>
    public const double DefaultTargetCooldownSeconds = 25;

    public bool Customised => StepOverrides.Count > 0 || AppSettings.Count > 0 || ProbeOverrides.Count > 0
        || WarmupSeconds != Profile.WarmupSeconds || StepSeconds != Profile.StepSeconds;

    /// <summary>Starting and stopping a fresh app and k6, as measured here on 2 cores.</summary>
    public const double ProbeStartSeconds = 2;

    public TimeSpan WorstCaseDuration(RunPlan plan) =>
        (plan.ProbeDuration * plan.MaxProbes) + HoldsWorstCase(plan) + (Baseline ? BaselineSize.Duration(this) : TimeSpan.Zero);

    /// <summary>--sustain's holds at their longest, as the planner bounds them, and a fresh app's start and warm-up for each.</summary>
    public TimeSpan HoldsWorstCase(RunPlan plan) => TimeSpan.FromSeconds(plan.Experiments.Sum(e => e.Sustain is not { } sustain ? 0
        : e.Declaration.Variants.Sum(v =>
        {
            var (holds, seconds) = HoldPlanner.WorstCase(v.Blocking, sustain.Loads?.Count, sustain.HorizonSeconds);
            return seconds + (holds * (ProbeStartSeconds + WarmupSeconds));
        })));
}
