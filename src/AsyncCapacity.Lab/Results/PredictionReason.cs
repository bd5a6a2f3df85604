using System.Text.Json.Serialization;

namespace AsyncCapacity.Lab.Results;

/// <summary>Why a measurement parted from the prediction, with the figures that show it; PredictionText says it in words.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(FewerThanTried), "fewerThanTried")]
[JsonDerivedType(typeof(NoProbeAtKnee), "noProbeAtKnee")]
[JsonDerivedType(typeof(LoadGeneratorShort), "loadGeneratorShort")]
[JsonDerivedType(typeof(AppCpuFirst), "appCpuFirst")]
[JsonDerivedType(typeof(MachineBusy), "machineBusy")]
[JsonDerivedType(typeof(PoolWait), "poolWait")]
[JsonDerivedType(typeof(RequestsFailed), "requestsFailed")]
[JsonDerivedType(typeof(PercentileSpread), "percentileSpread")]
[JsonDerivedType(typeof(UnevenQueueing), "unevenQueueing")]
[JsonDerivedType(typeof(PoolGrew), "poolGrew")]
[JsonDerivedType(typeof(HeldLess), "heldLess")]
[JsonDerivedType(typeof(HillClimbed), "hillClimbed")]
[JsonDerivedType(typeof(HeldLonger), "heldLonger")]
public abstract record PredictionReason;

public sealed record FewerThanTried(int Allowed, int Lowest) : PredictionReason;

public sealed record NoProbeAtKnee : PredictionReason;

public sealed record LoadGeneratorShort(int At) : PredictionReason;

public sealed record AppCpuFirst(int At) : PredictionReason;

public sealed record MachineBusy(int At, double Percent, bool WithDatabase) : PredictionReason;

public sealed record PoolWait(int At, double WaitMs) : PredictionReason;

public sealed record RequestsFailed(int At, double ErrorRate) : PredictionReason;

/// <summary>The laws bound the mean, and times per request vary.</summary>
public sealed record PercentileSpread(int At, double MeanMs, double P95Ms) : PredictionReason;

public sealed record UnevenQueueing(int At) : PredictionReason;

public sealed record PoolGrew(int At, double From, int To, int? Allows) : PredictionReason;

public sealed record HeldLess : PredictionReason;

/// <summary>The growth law bounds hill climbing (event 55's moves) by Ceiling threads but does not predict it.</summary>
public sealed record HillClimbed(int At, int To, long Added, int Ceiling) : PredictionReason;

public sealed record HeldLonger(int At, double HeldMs, double LightestMs, PoolInjection By) : PredictionReason;
