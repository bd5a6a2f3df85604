using AsyncCapacity.Contracts.Gauges;
using AsyncCapacity.Lab.Analysis;
using AsyncCapacity.Lab.Results;
using AsyncCapacity.Lab.Search;

namespace AsyncCapacity.Cli.Options;

/// <summary>Steps and SLA default to each experiment's declaration; the command line overrides them for all or for one.</summary>
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

    /// <summary>--sustain: the horizon loads are held up to, after each variant's knee; null: no holds.</summary>
    public double? SustainSeconds { get; init; }

    /// <summary>--sustain-at: the loads to hold, instead of the laws' choice.</summary>
    public IReadOnlyList<Scoped<int[]>> SustainAt { get; init; } = [];

    /// <summary>Kept on after each window while the stacks are taken, so the window itself is not disturbed.</summary>
    public double TailSeconds => Stacks && (Target is null || TargetProcessId is not null) ? StackTailSeconds : 0;

    /// <summary>Long enough for a snapshot: its session took 0.17 s median, 0.44 s in all at most, over a standard sweep here.</summary>
    public const double StackTailSeconds = 1;

    public SearchPolicy SearchPolicyFor(Experiment experiment) => new()
    {
        Coarse = StepsFor(experiment),
        Refine = Search,
        Ceiling = LoadModelOptions.MaxConcurrency,
        MaxSearchProbes = Scoped<int>.For(ProbeOverrides, experiment)?.Value ?? SearchPolicy.DefaultSearchProbes,
        Headline = Model.IsOpen ? null : experiment.Headline,
        WindowSeconds = StepSeconds,
    };

    public Experiment Plotted(Experiment experiment) => RequestQueue is null
        || experiment.Gauges?.Contains(GaugeCatalog.RequestQueue.Id) == true
        ? experiment
        : experiment with { Gauges = [.. experiment.Gauges ?? [], GaugeCatalog.RequestQueue.Id] };

    /// <summary>Without its own app the harness cannot restart the target, so it waits out idle threads (~20 s) instead.</summary>
    public const double DefaultTargetCooldownSeconds = 25;

    public IReadOnlyList<int> StepsFor(Experiment experiment) => Scoped<int[]>.For(StepOverrides, experiment)?.Value ?? experiment.Steps;

    public Sla SlaFor(Experiment experiment)
    {
        var declared = experiment.Sla.ToSla();
        return new Sla(
            Scoped<double>.For(SlaP95Overrides, experiment)?.Value ?? declared.P95Ms,
            Scoped<double>.For(SlaErrorOverrides, experiment) is { } errors ? errors.Value / 100 : declared.MaxErrorRate);
    }

    public ExperimentTerms TermsFor(Experiment experiment) => ExperimentTerms.Of(Plotted(experiment), SlaFor(experiment), Model, Isolation);

    /// <summary>The SLA most experiments are judged by, for the run header; each experiment shows its own.</summary>
    public Sla Sla => Experiments.Select(SlaFor).GroupBy(s => s)
        .OrderByDescending(g => g.Count()).Select(g => g.Key).FirstOrDefault() ?? Contracts.Sla.Default;

    public int MaxProbes => Experiments.Sum(e => e.Variants.Count * SearchPolicyFor(e).MaxProbes);

    public IReadOnlyList<int> AllSteps => [.. Experiments.SelectMany(StepsFor).Distinct().Order()];

    public bool Customised => StepOverrides.Count > 0 || AppSettings.Count > 0 || ProbeOverrides.Count > 0
        || WarmupSeconds != Profile.WarmupSeconds || StepSeconds != Profile.StepSeconds;

    public TimeSpan ProbeDuration => TimeSpan.FromSeconds(WarmupSeconds + StepSeconds + TailSeconds
        + (Target is null ? ProbeStartSeconds : CooldownSeconds));

    /// <summary>Starting and stopping a fresh app and k6, as measured here on 2 cores.</summary>
    public const double ProbeStartSeconds = 2;

    public TimeSpan WorstCaseDuration => (ProbeDuration * MaxProbes) + (Baseline ? BaselineSize.Duration(this) : TimeSpan.Zero);
}

/// <summary>No connection string: the sweep starts a private PostgreSQL when experiments need one.</summary>
internal sealed record DatabaseSettings(string Provider, string? ConnectionString, int PoolSize)
{
    public const int DefaultPoolSize = 100;
    public static IReadOnlyList<string> Providers { get; } = ["PostgreSQL", "SqlServer"];
}
