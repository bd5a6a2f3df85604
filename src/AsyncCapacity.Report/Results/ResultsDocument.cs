namespace AsyncCapacity.Report.Results;

/// <summary>
/// results.json: one document per run (README.md, "How the numbers are made"). Bump <see cref="CurrentSchemaVersion"/>
/// on any change that breaks a reader, and teach <see cref="ResultsJson"/> to upgrade the version before it.
/// </summary>
public sealed record ResultsDocument(
    int SchemaVersion,
    RunInfo Run,
    IReadOnlyList<ExperimentResult> Experiments)
{
    public const int CurrentSchemaVersion = 3;
}

/// <summary>Where, when and how the run was made: everything a reader needs to trust or reproduce it.</summary>
public sealed record RunInfo(
    DateTimeOffset StartedAt,
    DateTimeOffset FinishedAt,
    string Machine,
    int Cores,
    string Os,
    string DotnetVersion,
    string K6Version,
    string? DatabaseProvider,
    int? DatabasePoolSize,
    string Profile,
    string Target,
    string Isolation,
    SweepSettings Settings,
    Sla Sla,
    ConnectionLimits? Limits = null,
    InstrumentOverhead? Overhead = null,
    CpuIsolation? CpuIsolation = null,
    string? Live = null);

/// <summary>
/// Disjoint CPU sets for the app (with its database) and for the load generator (`capacity sweep --isolate`): taskset's
/// lists, and how many CPUs each side had of the machine's. .NET sized the app to its CPUs: its pool's minimum is AppCores.
/// </summary>
public sealed record CpuIsolation(string AppCpus, string LoadGeneratorCpus, int AppCores, int LoadGeneratorCores, int MachineCores);

/// <summary>
/// The instrument's own cost, measured at the start of a run with `capacity sweep --baseline`: the lab's app and a minimal
/// ASP.NET Core app (bench/MinimalApp) answering the same JSON on /hello, each fresh, under the same k6 load, in
/// alternating rounds. <c>Ratio</c> = app ÷ minimal req/s (the medians of the rounds): 0.95 means the lab's pipeline
/// (Server-Timing, the in-flight counter, the error middleware, the 1 Hz sampler) costs 5% of a request doing nothing.
/// </summary>
/// <param name="LoadGeneratorCpuPercent">k6's mean CPU over the measured windows, in percent of the machine: the
/// minimal app is the faster, so k6 is at its busiest there.</param>
public sealed record InstrumentOverhead(
    string Route,
    int Clients,
    double Seconds,
    int Rounds,
    double AppRps,
    double MinimalRps,
    double Ratio,
    double? LoadGeneratorCpuPercent);

/// <summary>
/// What capped connections during the run (C10k): the app's listen backlog and the kernel's limits on this machine,
/// read from /proc; each null when unknown (not Linux, or not recorded).
/// </summary>
/// <param name="ListenBacklog">Kestrel's listen backlog as the app configured it.</param>
/// <param name="SoMaxConn">net.core.somaxconn: the kernel caps every listen backlog at it.</param>
/// <param name="OpenFiles">The soft limit on open files (ulimit -n) the sweep and its children ran with: one per connection, each side.</param>
/// <param name="EphemeralPorts">net.ipv4.ip_local_port_range, "32768-60999": client ports for connections to one address.</param>
public sealed record ConnectionLimits(int? ListenBacklog, int? SoMaxConn, long? OpenFiles, string? EphemeralPorts);

/// <summary>
/// How the load was applied and the app configured. <c>Model</c>: closed (N concurrent clients with no think time) or
/// open (a fixed arrival rate per step). <c>AppSettings</c>: the app's environment variables the sweep was given
/// (`--app-setting Audit__BoundedWriters=25`); null when none.
/// </summary>
public sealed record SweepSettings(
    LoadModel Model,
    IReadOnlyList<int> Steps,
    double WarmupSeconds,
    double StepSeconds,
    double CooldownSeconds,
    int? MinWorkerThreads,
    RequestQueueSettings? RequestQueue = null,
    IReadOnlyDictionary<string, string>? AppSettings = null);

/// <summary>The app's request queue ("Server Too Busy") during the run: requests served at once, and how many may wait.</summary>
public sealed record RequestQueueSettings(int MaxConcurrent, int Limit);
