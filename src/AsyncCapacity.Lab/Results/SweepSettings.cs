namespace AsyncCapacity.Lab.Results;

public sealed record SweepSettings(
    LoadModel Model,
    IReadOnlyList<int> Steps,
    double WarmupSeconds,
    double StepSeconds,
    double CooldownSeconds,
    int? MinWorkerThreads,
    RequestQueueSettings? RequestQueue = null,
    IReadOnlyDictionary<string, string>? AppSettings = null);

public sealed record RequestQueueSettings(int MaxConcurrent, int Limit);
