namespace AsyncCapacity.Cli.Sweep;

/// <summary>The sweep's command line as typed, before validation.</summary>
internal sealed record SweepArguments(
    IReadOnlyList<string> Experiments,
    string Profile,
    string? Target,
    string? Out,
    string? Steps,
    double? WarmupSeconds,
    double? StepSeconds,
    double? CooldownSeconds,
    IReadOnlyList<string> SlaP95,
    IReadOnlyList<string> SlaErrors,
    IReadOnlyList<string> Set,
    int? MinWorkerThreads,
    string? DbProvider = null,
    string? DbConnectionString = null,
    int? DbPoolSize = null);
