namespace AsyncCapacity.Lab.Results;

// Why the knee measured below the laws' range (or below the grown pool's, HeldLonger), first that applies at the knee's
// probe: the load generator or the machine short of CPU, a pool the laws did not count, errors, a spread of times.

public sealed record NoProbeAtKnee : PredictionReason;

public sealed record LoadGeneratorShort(int At) : PredictionReason;

public sealed record AppCpuFirst(int At) : PredictionReason;

public sealed record MachineBusy(int At, double Percent, bool WithDatabase) : PredictionReason;

public sealed record PoolWait(int At, double WaitMs) : PredictionReason;

public sealed record RequestsFailed(int At, double ErrorRate) : PredictionReason;

/// <summary>The laws bound the mean, and times per request vary.</summary>
public sealed record PercentileSpread(int At, double MeanMs, double P95Ms) : PredictionReason;

public sealed record UnevenQueueing(int At) : PredictionReason;

public sealed record HeldLonger(int At, double HeldMs, double LightestMs, PoolInjection By) : PredictionReason;
