
namespace AsyncCapacity.Cli.Sweep;

/// <summary>A validated sweep: what to run, against what, for how long, judged by which SLA.</summary>
internal sealed record SweepRequest(
    IReadOnlyList<Experiment> Experiments,
    SweepProfile Profile,
    IReadOnlyList<int> Steps,
    double WarmupSeconds,
    double StepSeconds,
    double CooldownSeconds,
    Uri? Target,
    string OutputDirectory,
    Sla Sla,
    IReadOnlyDictionary<string, Sla> SlaByExperiment,
    IReadOnlyDictionary<string, IReadOnlyDictionary<string, string>> Parameters,
    int? MinWorkerThreads,
    DatabaseSettings Database)
{
    public Sla SlaFor(Experiment experiment) => SlaByExperiment.GetValueOrDefault(experiment.Id, Sla);

    public int StepCount => Experiments.Sum(e => e.Variants.Count) * Steps.Count;

    /// <summary>Seconds of load, plus a few per step for starting the app and k6 when the harness owns the app.</summary>
    public TimeSpan EstimatedDuration => TimeSpan.FromSeconds(
        StepCount * (WarmupSeconds + StepSeconds + (Target is null ? 3 : CooldownSeconds)));
}

/// <summary>
/// The database the sweep gives the app it starts: a connection string, or none, in which case the sweep starts a
/// private PostgreSQL when experiments need one.
/// </summary>
internal sealed record DatabaseSettings(string Provider, string? ConnectionString, int PoolSize)
{
    public const int DefaultPoolSize = 100;
    public static IReadOnlyList<string> Providers { get; } = ["PostgreSQL", "SqlServer"];
}
