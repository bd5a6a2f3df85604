using AsyncCapacity.Cli.Live;

namespace AsyncCapacity.Cli.Load;

/// <summary>One probe's load: one variant of one experiment at one load against one URL, for a planned time, judged by an SLA.</summary>
/// <param name="Name">Names its files: "sleep-sync-c50-r2".</param>
/// <param name="Live">Where the generator exports its metrics under --live, tagged with <paramref name="Tags"/>; null: none.</param>
/// <param name="Held">A held load (--sustain): counted by the second, readable while it runs, and stopped once caught up with.</param>
internal sealed record LoadSpec(
    string Name,
    Experiment Experiment,
    string Variant,
    int Load,
    LoadModel Model,
    IReadOnlyDictionary<string, string> Parameters,
    Uri BaseUrl,
    string ReadyPath,
    double WarmupSeconds,
    double StepSeconds,
    double TailSeconds,
    Sla Sla,
    LiveTelemetry? Live,
    ProbeTags Tags,
    string? Cpus,
    bool Held = false);
